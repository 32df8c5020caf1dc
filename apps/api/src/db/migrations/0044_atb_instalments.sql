-- Issue 38 item 3 (ADR 0264): an ATB (bank standing instruction, mode 5) payment is a mandate whose instalments
-- are recorded as they reach the account. An instalment is a row of its own (`parent_id` = the mandate,
-- `instalment_no` 1…N) settled `paid` with its own receipt; the mandate (`mandate` = true) becomes `paid` when the
-- last instalment arrives and is never money itself. The ledger — every sum of the statement of account, the
-- collections, the payer's history and the roll-ups kept by the triggers below — counts `status = 'paid' AND NOT
-- mandate`: each ringgit once, when it was received. A whole ATB payment confirmed before this migration has no
-- instalments and stays counted (mandate false); a pending one becomes a mandate.
ALTER TABLE "payments" ADD COLUMN "parent_id" text REFERENCES "payments"("id");--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "instalment_no" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "mandate" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_instalment_ck" CHECK (
  ("parent_id" IS NULL) = ("instalment_no" IS NULL) AND NOT ("mandate" AND "parent_id" IS NOT NULL)
);--> statement-breakpoint
-- One row per instalment of a mandate; also the index of a mandate's instalments.
CREATE UNIQUE INDEX "payments_instalment_uq" ON "payments" ("parent_id", "instalment_no") WHERE "parent_id" IS NOT NULL;--> statement-breakpoint
UPDATE "payments" SET "mandate" = true WHERE "payment_options_id" = 5 AND "status" = 'pending' AND "parent_id" IS NULL;--> statement-breakpoint
-- The roll-ups of the statement of account (ADR 0060, 0063) as in migration 0016, a mandate left out.
CREATE OR REPLACE FUNCTION report_payment_months_rebuild() RETURNS void LANGUAGE sql AS $fn$
  DELETE FROM report_payment_lines;
  INSERT INTO report_payment_lines (payment_id, organization_id, paid_at, amount_sen, paymentable_type, paymentable_id)
  SELECT p.id, coalesce(w.organization_id, h.organization_id), p.paid_at, p.amount_sen, p.paymentable_type, p.paymentable_id
  FROM payments p LEFT JOIN wills w ON p.paymentable_type = 'Wasiat' AND w.id = p.paymentable_id
  LEFT JOIN hibahs h ON p.paymentable_type = 'Hibah' AND h.id = p.paymentable_id
  WHERE p.status = 'paid' AND NOT p.mandate AND p.paid_at IS NOT NULL
    AND (w.deleted_at IS NULL AND w.id IS NOT NULL OR h.deleted_at IS NULL AND h.id IS NOT NULL);
  DELETE FROM report_payment_months;
  INSERT INTO report_payment_months (month, organization_id, n, amount_sen)
  SELECT month, organization_id, count(*), sum(amount_sen) FROM (
    SELECT date_trunc('month', p.paid_at AT TIME ZONE 'Asia/Kuala_Lumpur')::date AS month, w.organization_id, p.amount_sen
    FROM payments p JOIN wills w ON w.id = p.paymentable_id
    WHERE p.paymentable_type = 'Wasiat' AND p.status = 'paid' AND NOT p.mandate AND p.paid_at IS NOT NULL
      AND w.deleted_at IS NULL
    UNION ALL
    SELECT date_trunc('month', p.paid_at AT TIME ZONE 'Asia/Kuala_Lumpur')::date, h.organization_id, p.amount_sen
    FROM payments p JOIN hibahs h ON h.id = p.paymentable_id
    WHERE p.paymentable_type = 'Hibah' AND p.status = 'paid' AND NOT p.mandate AND p.paid_at IS NOT NULL
      AND h.deleted_at IS NULL
  ) d GROUP BY 1, 2;
$fn$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_rollup_payments() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  upsert constant text := 'INSERT INTO report_payment_months AS r (month, organization_id, n, amount_sen) '
    'SELECT month, organization_id, sum(s), sum(s * amt) FROM (%s) d GROUP BY 1, 2 '
    'HAVING sum(s) <> 0 OR sum(s * amt) <> 0 ORDER BY 1, 2 '
    'ON CONFLICT ON CONSTRAINT report_payment_months_key DO UPDATE SET n = r.n + excluded.n, '
    'amount_sen = r.amount_sen + excluded.amount_sen';
  -- The paid payments (never a mandate) of live payables among the rows of a transition table (%1$s), with a
  -- sign (%2$s).
  src constant text := 'SELECT p.id, p.paid_at, p.paymentable_type, p.paymentable_id, '
    'date_trunc(''month'', p.paid_at AT TIME ZONE ''Asia/Kuala_Lumpur'')::date AS month, '
    'coalesce(w.organization_id, h.organization_id) AS organization_id, %2$s AS s, p.amount_sen::bigint AS amt '
    'FROM %1$I p LEFT JOIN wills w ON p.paymentable_type = ''Wasiat'' AND w.id = p.paymentable_id '
    'LEFT JOIN hibahs h ON p.paymentable_type = ''Hibah'' AND h.id = p.paymentable_id '
    'WHERE p.status = ''paid'' AND NOT p.mandate AND p.paid_at IS NOT NULL AND (w.deleted_at IS NULL AND w.id IS NOT NULL '
    'OR h.deleted_at IS NULL AND h.id IS NOT NULL)%3$s';
  changed constant text := ' AND p.id IN (SELECT o.id FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE '
    '(o.status, o.mandate, o.paid_at, o.amount_sen, o.paymentable_type, o.paymentable_id) IS DISTINCT FROM '
    '(n.status, n.mandate, n.paid_at, n.amount_sen, n.paymentable_type, n.paymentable_id))';
  lines constant text := 'INSERT INTO report_payment_lines (payment_id, organization_id, paid_at, amount_sen, '
    'paymentable_type, paymentable_id) SELECT id, organization_id, paid_at, amt, paymentable_type, paymentable_id '
    'FROM (%s) d ORDER BY id ON CONFLICT (payment_id) DO UPDATE SET organization_id = excluded.organization_id, '
    'paid_at = excluded.paid_at, amount_sen = excluded.amount_sen, paymentable_type = excluded.paymentable_type, '
    'paymentable_id = excluded.paymentable_id';
BEGIN
  IF TG_OP = 'INSERT' THEN
    EXECUTE format(upsert, format(src, 'new_rows', 1, ''));
    EXECUTE format(lines, format(src, 'new_rows', 1, ''));
  ELSIF TG_OP = 'DELETE' THEN
    EXECUTE format(upsert, format(src, 'old_rows', -1, ''));
    DELETE FROM report_payment_lines WHERE payment_id IN (SELECT id FROM old_rows);
  ELSE
    EXECUTE format(upsert, format(src, 'old_rows', -1, changed) || ' UNION ALL ' || format(src, 'new_rows', 1, changed));
    EXECUTE 'DELETE FROM report_payment_lines WHERE payment_id IN (SELECT p.id FROM old_rows p WHERE true'
      || changed || ')';
    EXECUTE format(lines, format(src, 'new_rows', 1, changed));
  END IF;
  RETURN NULL;
END;
$fn$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_rollup_payable_payments() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  kind constant text := TG_ARGV[0];
  upsert constant text := 'INSERT INTO report_payment_months AS r (month, organization_id, n, amount_sen) '
    'SELECT month, organization_id, sum(s), sum(s * amt) FROM (%s) d GROUP BY 1, 2 '
    'HAVING sum(s) <> 0 OR sum(s * amt) <> 0 ORDER BY 1, 2 '
    'ON CONFLICT ON CONSTRAINT report_payment_months_key DO UPDATE SET n = r.n + excluded.n, '
    'amount_sen = r.amount_sen + excluded.amount_sen';
  -- The paid payments (never a mandate) of the rows of a transition table (%1$s, alive ones only) with a sign.
  src constant text := 'SELECT p.id, p.paid_at, p.paymentable_type, p.paymentable_id, '
    'date_trunc(''month'', p.paid_at AT TIME ZONE ''Asia/Kuala_Lumpur'')::date AS month, '
    'w.organization_id, %2$s AS s, p.amount_sen::bigint AS amt FROM payments p JOIN %1$I w ON w.id = p.paymentable_id '
    'WHERE p.paymentable_type = %4$L AND p.status = ''paid'' AND NOT p.mandate AND p.paid_at IS NOT NULL '
    'AND w.deleted_at IS NULL%3$s';
  changed constant text := ' AND w.id IN (SELECT o.id FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE '
    '(o.organization_id, o.deleted_at IS NULL) IS DISTINCT FROM (n.organization_id, n.deleted_at IS NULL))';
  lines constant text := 'INSERT INTO report_payment_lines (payment_id, organization_id, paid_at, amount_sen, '
    'paymentable_type, paymentable_id) SELECT id, organization_id, paid_at, amt, paymentable_type, paymentable_id '
    'FROM (%s) d ORDER BY id ON CONFLICT (payment_id) DO UPDATE SET organization_id = excluded.organization_id, '
    'paid_at = excluded.paid_at, amount_sen = excluded.amount_sen, paymentable_type = excluded.paymentable_type, '
    'paymentable_id = excluded.paymentable_id';
  drop_lines constant text := 'DELETE FROM report_payment_lines WHERE payment_id IN (SELECT p.id FROM payments p '
    'JOIN old_rows w ON p.paymentable_type = %L AND p.paymentable_id = w.id WHERE true%s)';
BEGIN
  IF TG_OP = 'INSERT' THEN
    EXECUTE format(upsert, format(src, 'new_rows', 1, '', kind));
    EXECUTE format(lines, format(src, 'new_rows', 1, '', kind));
  ELSIF TG_OP = 'DELETE' THEN
    EXECUTE format(upsert, format(src, 'old_rows', -1, '', kind));
    EXECUTE format(drop_lines, kind, '');
  ELSE
    EXECUTE format(upsert, format(src, 'old_rows', -1, changed, kind) || ' UNION ALL '
      || format(src, 'new_rows', 1, changed, kind));
    EXECUTE format(drop_lines, kind, changed);
    EXECUTE format(lines, format(src, 'new_rows', 1, changed, kind));
  END IF;
  RETURN NULL;
END;
$fn$;
