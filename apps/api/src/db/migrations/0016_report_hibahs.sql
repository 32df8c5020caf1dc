CREATE TABLE "report_branch_totals" (
	"organization_id" text,
	"branch_id" text,
	"status" integer NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	"paid" integer DEFAULT 0 NOT NULL,
	"price_sen" bigint DEFAULT 0 NOT NULL,
	"discount_sen" bigint DEFAULT 0 NOT NULL,
	"amount_sen" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "report_branch_totals_key" UNIQUE NULLS NOT DISTINCT("organization_id","branch_id","status")
);
--> statement-breakpoint
CREATE TABLE "report_days" (
	"day" date NOT NULL,
	"status" integer NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	"paid" integer DEFAULT 0 NOT NULL,
	"price_sen" bigint DEFAULT 0 NOT NULL,
	"discount_sen" bigint DEFAULT 0 NOT NULL,
	"amount_sen" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "report_days_day_status_pk" PRIMARY KEY("day","status")
);
--> statement-breakpoint
CREATE TABLE "report_hibah_days" (
	"day" date PRIMARY KEY NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	"paid" integer DEFAULT 0 NOT NULL,
	"price_sen" bigint DEFAULT 0 NOT NULL,
	"discount_sen" bigint DEFAULT 0 NOT NULL,
	"amount_sen" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_hibah_months" (
	"month" date NOT NULL,
	"organization_id" text,
	"dim" text NOT NULL,
	"val" text,
	"n" integer DEFAULT 0 NOT NULL,
	"paid" integer DEFAULT 0 NOT NULL,
	"price_sen" bigint DEFAULT 0 NOT NULL,
	"discount_sen" bigint DEFAULT 0 NOT NULL,
	"amount_sen" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "report_hibah_months_key" UNIQUE NULLS NOT DISTINCT("dim","month","organization_id","val")
);
--> statement-breakpoint
CREATE TABLE "report_hibah_totals" (
	"organization_id" text,
	"dim" text NOT NULL,
	"val" text,
	"n" integer DEFAULT 0 NOT NULL,
	"paid" integer DEFAULT 0 NOT NULL,
	"price_sen" bigint DEFAULT 0 NOT NULL,
	"discount_sen" bigint DEFAULT 0 NOT NULL,
	"amount_sen" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "report_hibah_totals_key" UNIQUE NULLS NOT DISTINCT("dim","organization_id","val")
);
--> statement-breakpoint
CREATE TABLE "report_org_totals" (
	"organization_id" text,
	"plan" text,
	"payment_options_id" integer,
	"status" integer NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	"paid" integer DEFAULT 0 NOT NULL,
	"price_sen" bigint DEFAULT 0 NOT NULL,
	"discount_sen" bigint DEFAULT 0 NOT NULL,
	"amount_sen" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "report_org_totals_key" UNIQUE NULLS NOT DISTINCT("organization_id","plan","payment_options_id","status")
);
--> statement-breakpoint
CREATE TABLE "report_payment_lines" (
	"payment_id" text PRIMARY KEY NOT NULL,
	"organization_id" text,
	"paid_at" timestamp with time zone NOT NULL,
	"amount_sen" bigint NOT NULL,
	"paymentable_type" text NOT NULL,
	"paymentable_id" text NOT NULL
);
--> statement-breakpoint
-- The wills' roll-up trigger (ADR 0060) also keeps report_days: per local day and status, every organisation
-- together (ADR 0063), for the day-by-day timelines of the staff-side view without filters; and the all-time
-- roll-ups report_org_totals and report_branch_totals (the month roll-ups without the month).
CREATE OR REPLACE FUNCTION report_rollup_wills() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  src constant text := 'SELECT date_trunc(''month'', created_at AT TIME ZONE ''Asia/Kuala_Lumpur'')::date AS month, '
    '(created_at AT TIME ZONE ''Asia/Kuala_Lumpur'')::date AS day, '
    'organization_id, branch_id, agent_id, plan, payment_options_id, status, %s AS s, '
    '(payment_received_at IS NOT NULL)::int AS p, coalesce(price_sen, 0)::bigint AS price, '
    'discount_sen::bigint AS disc FROM %I WHERE deleted_at IS NULL%s';
  changed constant text := ' AND id IN (SELECT o.id FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE '
    '(o.deleted_at IS NULL, o.organization_id, o.branch_id, o.agent_id, o.plan, o.payment_options_id, o.status, '
    'o.created_at, o.price_sen, o.discount_sen, o.payment_received_at IS NULL) IS DISTINCT FROM '
    '(n.deleted_at IS NULL, n.organization_id, n.branch_id, n.agent_id, n.plan, n.payment_options_id, n.status, '
    'n.created_at, n.price_sen, n.discount_sen, n.payment_received_at IS NULL))';
  measures constant text := 'sum(s), sum(s * p), sum(s * price), sum(s * disc), sum(s * p * (price - disc))';
  nonzero constant text := 'HAVING sum(s) <> 0 OR sum(s * p) <> 0 OR sum(s * price) <> 0 OR sum(s * disc) <> 0';
  upd constant text := 'DO UPDATE SET n = r.n + excluded.n, paid = r.paid + excluded.paid, '
    'price_sen = r.price_sen + excluded.price_sen, discount_sen = r.discount_sen + excluded.discount_sen, '
    'amount_sen = r.amount_sen + excluded.amount_sen';
  delta text;
BEGIN
  IF TG_OP = 'INSERT' THEN
    delta := format(src, 1, 'new_rows', '');
  ELSIF TG_OP = 'DELETE' THEN
    delta := format(src, -1, 'old_rows', '');
  ELSE
    delta := format(src, -1, 'old_rows', changed) || ' UNION ALL ' || format(src, 1, 'new_rows', changed);
  END IF;
  EXECUTE format('INSERT INTO report_will_months AS r (month, organization_id, branch_id, agent_id, plan, '
    'payment_options_id, status, n, paid, price_sen, discount_sen, amount_sen) '
    'SELECT month, organization_id, branch_id, agent_id, plan, payment_options_id, status, %s FROM (%s) d '
    'GROUP BY 1, 2, 3, 4, 5, 6, 7 %s ORDER BY 1, 2, 3, 4, 5, 6, 7 '
    'ON CONFLICT ON CONSTRAINT report_will_months_key %s', measures, delta, nonzero, upd);
  EXECUTE format('INSERT INTO report_org_months AS r (month, organization_id, plan, payment_options_id, status, '
    'n, paid, price_sen, discount_sen, amount_sen) '
    'SELECT month, organization_id, plan, payment_options_id, status, %s FROM (%s) d '
    'GROUP BY 1, 2, 3, 4, 5 %s ORDER BY 1, 2, 3, 4, 5 '
    'ON CONFLICT ON CONSTRAINT report_org_months_key %s', measures, delta, nonzero, upd);
  EXECUTE format('INSERT INTO report_branch_months AS r (month, organization_id, branch_id, status, '
    'n, paid, price_sen, discount_sen, amount_sen) '
    'SELECT month, organization_id, branch_id, status, %s FROM (%s) d '
    'GROUP BY 1, 2, 3, 4 %s ORDER BY 1, 2, 3, 4 '
    'ON CONFLICT ON CONSTRAINT report_branch_months_key %s', measures, delta, nonzero, upd);
  EXECUTE format('INSERT INTO report_org_days AS r (day, organization_id, status, '
    'n, paid, price_sen, discount_sen, amount_sen) '
    'SELECT day, organization_id, status, %s FROM (%s) d '
    'GROUP BY 1, 2, 3 %s ORDER BY 1, 2, 3 '
    'ON CONFLICT ON CONSTRAINT report_org_days_key %s', measures, delta, nonzero, upd);
  EXECUTE format('INSERT INTO report_days AS r (day, status, n, paid, price_sen, discount_sen, amount_sen) '
    'SELECT day, status, %s FROM (%s) d '
    'GROUP BY 1, 2 %s ORDER BY 1, 2 '
    'ON CONFLICT (day, status) %s', measures, delta, nonzero, upd);
  EXECUTE format('INSERT INTO report_org_totals AS r (organization_id, plan, payment_options_id, status, '
    'n, paid, price_sen, discount_sen, amount_sen) '
    'SELECT organization_id, plan, payment_options_id, status, %s FROM (%s) d '
    'GROUP BY 1, 2, 3, 4 %s ORDER BY 1, 2, 3, 4 '
    'ON CONFLICT ON CONSTRAINT report_org_totals_key %s', measures, delta, nonzero, upd);
  EXECUTE format('INSERT INTO report_branch_totals AS r (organization_id, branch_id, status, '
    'n, paid, price_sen, discount_sen, amount_sen) '
    'SELECT organization_id, branch_id, status, %s FROM (%s) d '
    'GROUP BY 1, 2, 3 %s ORDER BY 1, 2, 3 '
    'ON CONFLICT ON CONSTRAINT report_branch_totals_key %s', measures, delta, nonzero, upd);
  RETURN NULL;
END;
$fn$;
--> statement-breakpoint
INSERT INTO report_days (day, status, n, paid, price_sen, discount_sen, amount_sen)
SELECT day, status, sum(n), sum(paid), sum(price_sen), sum(discount_sen), sum(amount_sen)
FROM report_org_days GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO report_org_totals (organization_id, plan, payment_options_id, status, n, paid, price_sen, discount_sen, amount_sen)
SELECT organization_id, plan, payment_options_id, status, sum(n), sum(paid), sum(price_sen), sum(discount_sen), sum(amount_sen)
FROM report_org_months GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
INSERT INTO report_branch_totals (organization_id, branch_id, status, n, paid, price_sen, discount_sen, amount_sen)
SELECT organization_id, branch_id, status, sum(n), sum(paid), sum(price_sen), sum(discount_sen), sum(amount_sen)
FROM report_branch_months GROUP BY 1, 2, 3;
--> statement-breakpoint
-- An organisation's wills by local creation time (the daily and monthly reports of one organisation read
-- report_org_days by organisation first).
CREATE INDEX "report_org_days_org_idx" ON "report_org_days" ("organization_id", "day");
--> statement-breakpoint
-- The raw hibahs of a period, all organisations or one (reports/hibah.ts): the same local-time expression as
-- the queries.
CREATE INDEX "hibahs_created_kl_idx" ON "hibahs" ((created_at AT TIME ZONE 'Asia/Kuala_Lumpur'));
--> statement-breakpoint
CREATE INDEX "hibahs_org_created_kl_idx" ON "hibahs" ("organization_id", (created_at AT TIME ZONE 'Asia/Kuala_Lumpur'));
--> statement-breakpoint
-- Roll-ups of the hibahs and trusts (issue 8; ADR 0063), kept correct BY CONSTRUCTION like those of the wills
-- (ADR 0060): statement-level AFTER triggers on hibahs turn the statement's transition tables into signed deltas
-- (−1 for the old version of a row, +1 for the new one; soft-deleted rows count as absent) and add them in the
-- same transaction, in a fixed order (table, then key). Each hibah is counted once per grouping of
-- report_hibah_months and report_hibah_totals (status, product type, payment option, branch) and once in
-- report_hibah_days (every organisation together).
CREATE OR REPLACE FUNCTION report_rollup_hibahs() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  src constant text := 'SELECT date_trunc(''month'', created_at AT TIME ZONE ''Asia/Kuala_Lumpur'')::date AS month, '
    '(created_at AT TIME ZONE ''Asia/Kuala_Lumpur'')::date AS day, organization_id, branch_id, hibah_type, '
    'payment_options_id, status, %s AS s, (payment_received_at IS NOT NULL)::int AS p, '
    'coalesce(price_sen, 0)::bigint AS price, discount_sen::bigint AS disc FROM %I WHERE deleted_at IS NULL%s';
  changed constant text := ' AND id IN (SELECT o.id FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE '
    '(o.deleted_at IS NULL, o.organization_id, o.branch_id, o.hibah_type, o.payment_options_id, o.status, '
    'o.created_at, o.price_sen, o.discount_sen, o.payment_received_at IS NULL) IS DISTINCT FROM '
    '(n.deleted_at IS NULL, n.organization_id, n.branch_id, n.hibah_type, n.payment_options_id, n.status, '
    'n.created_at, n.price_sen, n.discount_sen, n.payment_received_at IS NULL))';
  measures constant text := 'sum(s), sum(s * p), sum(s * price), sum(s * disc), sum(s * p * (price - disc))';
  nonzero constant text := 'HAVING sum(s) <> 0 OR sum(s * p) <> 0 OR sum(s * price) <> 0 OR sum(s * disc) <> 0';
  upd constant text := 'DO UPDATE SET n = r.n + excluded.n, paid = r.paid + excluded.paid, '
    'price_sen = r.price_sen + excluded.price_sen, discount_sen = r.discount_sen + excluded.discount_sen, '
    'amount_sen = r.amount_sen + excluded.amount_sen';
  delta text;
BEGIN
  IF TG_OP = 'INSERT' THEN
    delta := format(src, 1, 'new_rows', '');
  ELSIF TG_OP = 'DELETE' THEN
    delta := format(src, -1, 'old_rows', '');
  ELSE
    delta := format(src, -1, 'old_rows', changed) || ' UNION ALL ' || format(src, 1, 'new_rows', changed);
  END IF;
  EXECUTE format('INSERT INTO report_hibah_days AS r (day, n, paid, price_sen, discount_sen, amount_sen) '
    'SELECT day, %s FROM (%s) d GROUP BY 1 %s ORDER BY 1 '
    'ON CONFLICT (day) %s', measures, delta, nonzero, upd);
  EXECUTE format('INSERT INTO report_hibah_months AS r (dim, month, organization_id, val, n, paid, price_sen, '
    'discount_sen, amount_sen) '
    'SELECT x.dim, month, organization_id, x.val, %s FROM (%s) d CROSS JOIN LATERAL (VALUES '
    '(''branch'', branch_id), (''option'', payment_options_id::text), (''status'', status::text), '
    '(''type'', hibah_type::text)) AS x(dim, val) '
    'GROUP BY 1, 2, 3, 4 %s ORDER BY 1, 2, 3, 4 '
    'ON CONFLICT ON CONSTRAINT report_hibah_months_key %s', measures, delta, nonzero, upd);
  EXECUTE format('INSERT INTO report_hibah_totals AS r (dim, organization_id, val, n, paid, price_sen, '
    'discount_sen, amount_sen) '
    'SELECT x.dim, organization_id, x.val, %s FROM (%s) d CROSS JOIN LATERAL (VALUES '
    '(''branch'', branch_id), (''option'', payment_options_id::text), (''status'', status::text), '
    '(''type'', hibah_type::text)) AS x(dim, val) '
    'GROUP BY 1, 2, 3 %s ORDER BY 1, 2, 3 '
    'ON CONFLICT ON CONSTRAINT report_hibah_totals_key %s', measures, delta, nonzero, upd);
  RETURN NULL;
END;
$fn$;
--> statement-breakpoint
CREATE TRIGGER report_rollup_hibahs_insert AFTER INSERT ON hibahs REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_rollup_hibahs();
--> statement-breakpoint
CREATE TRIGGER report_rollup_hibahs_update AFTER UPDATE ON hibahs REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_rollup_hibahs();
--> statement-breakpoint
CREATE TRIGGER report_rollup_hibahs_delete AFTER DELETE ON hibahs REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_rollup_hibahs();
--> statement-breakpoint
-- report_payment_months and report_payment_lines recomputed from the raw rows (after a TRUNCATE of wills or
-- hibahs, which leaves the other payable's payments in them).
CREATE OR REPLACE FUNCTION report_payment_months_rebuild() RETURNS void LANGUAGE sql AS $fn$
  DELETE FROM report_payment_lines;
  INSERT INTO report_payment_lines (payment_id, organization_id, paid_at, amount_sen, paymentable_type, paymentable_id)
  SELECT p.id, coalesce(w.organization_id, h.organization_id), p.paid_at, p.amount_sen, p.paymentable_type, p.paymentable_id
  FROM payments p LEFT JOIN wills w ON p.paymentable_type = 'Wasiat' AND w.id = p.paymentable_id
  LEFT JOIN hibahs h ON p.paymentable_type = 'Hibah' AND h.id = p.paymentable_id
  WHERE p.status = 'paid' AND p.paid_at IS NOT NULL
    AND (w.deleted_at IS NULL AND w.id IS NOT NULL OR h.deleted_at IS NULL AND h.id IS NOT NULL);
  DELETE FROM report_payment_months;
  INSERT INTO report_payment_months (month, organization_id, n, amount_sen)
  SELECT month, organization_id, count(*), sum(amount_sen) FROM (
    SELECT date_trunc('month', p.paid_at AT TIME ZONE 'Asia/Kuala_Lumpur')::date AS month, w.organization_id, p.amount_sen
    FROM payments p JOIN wills w ON w.id = p.paymentable_id
    WHERE p.paymentable_type = 'Wasiat' AND p.status = 'paid' AND p.paid_at IS NOT NULL AND w.deleted_at IS NULL
    UNION ALL
    SELECT date_trunc('month', p.paid_at AT TIME ZONE 'Asia/Kuala_Lumpur')::date, h.organization_id, p.amount_sen
    FROM payments p JOIN hibahs h ON h.id = p.paymentable_id
    WHERE p.paymentable_type = 'Hibah' AND p.status = 'paid' AND p.paid_at IS NOT NULL AND h.deleted_at IS NULL
  ) d GROUP BY 1, 2;
$fn$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_rollup_wills_truncate() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  TRUNCATE report_will_months, report_org_months, report_branch_months, report_org_days, report_days, report_org_totals,
    report_branch_totals;
  PERFORM report_payment_months_rebuild();
  RETURN NULL;
END;
$fn$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_rollup_hibahs_truncate() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  TRUNCATE report_hibah_months, report_hibah_days, report_hibah_totals;
  PERFORM report_payment_months_rebuild();
  RETURN NULL;
END;
$fn$;
--> statement-breakpoint
CREATE TRIGGER report_rollup_hibahs_truncate AFTER TRUNCATE ON hibahs
  FOR EACH STATEMENT EXECUTE FUNCTION report_rollup_hibahs_truncate();
--> statement-breakpoint
-- Hibahs that exist before this migration.
INSERT INTO report_hibah_days (day, n, paid, price_sen, discount_sen, amount_sen)
SELECT (created_at AT TIME ZONE 'Asia/Kuala_Lumpur')::date, count(*),
  count(*) FILTER (WHERE payment_received_at IS NOT NULL), sum(coalesce(price_sen, 0)), sum(discount_sen),
  sum(CASE WHEN payment_received_at IS NOT NULL THEN coalesce(price_sen, 0) - discount_sen ELSE 0 END)
FROM hibahs WHERE deleted_at IS NULL GROUP BY 1;
--> statement-breakpoint
INSERT INTO report_hibah_months (dim, month, organization_id, val, n, paid, price_sen, discount_sen, amount_sen)
SELECT x.dim, date_trunc('month', h.created_at AT TIME ZONE 'Asia/Kuala_Lumpur')::date, h.organization_id, x.val, count(*),
  count(*) FILTER (WHERE h.payment_received_at IS NOT NULL), sum(coalesce(h.price_sen, 0)), sum(h.discount_sen),
  sum(CASE WHEN h.payment_received_at IS NOT NULL THEN coalesce(h.price_sen, 0) - h.discount_sen ELSE 0 END)
FROM hibahs h CROSS JOIN LATERAL (VALUES ('branch', h.branch_id), ('option', h.payment_options_id::text),
  ('status', h.status::text), ('type', h.hibah_type::text)) AS x(dim, val)
WHERE h.deleted_at IS NULL GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
INSERT INTO report_hibah_totals (dim, organization_id, val, n, paid, price_sen, discount_sen, amount_sen)
SELECT dim, organization_id, val, sum(n), sum(paid), sum(price_sen), sum(discount_sen), sum(amount_sen)
FROM report_hibah_months GROUP BY 1, 2, 3;
--> statement-breakpoint
-- The statement-of-account roll-up (ADR 0060) now also holds the paid payments of hibahs that are not
-- soft-deleted, by the organisation of the hibah, and the statement's lines are kept in report_payment_lines
-- (ADR 0063): the payments triggers read both payables, and triggers on wills and hibahs move a payable's
-- payments when it is inserted after them, changes organisation, is soft-deleted, restored or deleted. Each
-- function works on the statement's transition tables joined to the current state of the other table (which
-- that statement did not change).
CREATE OR REPLACE FUNCTION report_rollup_payments() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  upsert constant text := 'INSERT INTO report_payment_months AS r (month, organization_id, n, amount_sen) '
    'SELECT month, organization_id, sum(s), sum(s * amt) FROM (%s) d GROUP BY 1, 2 '
    'HAVING sum(s) <> 0 OR sum(s * amt) <> 0 ORDER BY 1, 2 '
    'ON CONFLICT ON CONSTRAINT report_payment_months_key DO UPDATE SET n = r.n + excluded.n, '
    'amount_sen = r.amount_sen + excluded.amount_sen';
  -- The paid payments of live payables among the rows of a transition table (%1$s), with a sign (%2$s).
  src constant text := 'SELECT p.id, p.paid_at, p.paymentable_type, p.paymentable_id, '
    'date_trunc(''month'', p.paid_at AT TIME ZONE ''Asia/Kuala_Lumpur'')::date AS month, '
    'coalesce(w.organization_id, h.organization_id) AS organization_id, %2$s AS s, p.amount_sen::bigint AS amt '
    'FROM %1$I p LEFT JOIN wills w ON p.paymentable_type = ''Wasiat'' AND w.id = p.paymentable_id '
    'LEFT JOIN hibahs h ON p.paymentable_type = ''Hibah'' AND h.id = p.paymentable_id '
    'WHERE p.status = ''paid'' AND p.paid_at IS NOT NULL AND (w.deleted_at IS NULL AND w.id IS NOT NULL '
    'OR h.deleted_at IS NULL AND h.id IS NOT NULL)%3$s';
  changed constant text := ' AND p.id IN (SELECT o.id FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE '
    '(o.status, o.paid_at, o.amount_sen, o.paymentable_type, o.paymentable_id) IS DISTINCT FROM '
    '(n.status, n.paid_at, n.amount_sen, n.paymentable_type, n.paymentable_id))';
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
-- The payments of the wills (TG_ARGV[0] = 'Wasiat', table wills) or hibahs ('Hibah', hibahs) changed by a
-- statement on that table.
CREATE OR REPLACE FUNCTION report_rollup_payable_payments() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  kind constant text := TG_ARGV[0];
  upsert constant text := 'INSERT INTO report_payment_months AS r (month, organization_id, n, amount_sen) '
    'SELECT month, organization_id, sum(s), sum(s * amt) FROM (%s) d GROUP BY 1, 2 '
    'HAVING sum(s) <> 0 OR sum(s * amt) <> 0 ORDER BY 1, 2 '
    'ON CONFLICT ON CONSTRAINT report_payment_months_key DO UPDATE SET n = r.n + excluded.n, '
    'amount_sen = r.amount_sen + excluded.amount_sen';
  -- The paid payments of the rows of a transition table (%1$s, alive ones only) with a sign (%2$s).
  src constant text := 'SELECT p.id, p.paid_at, p.paymentable_type, p.paymentable_id, '
    'date_trunc(''month'', p.paid_at AT TIME ZONE ''Asia/Kuala_Lumpur'')::date AS month, '
    'w.organization_id, %2$s AS s, p.amount_sen::bigint AS amt FROM payments p JOIN %1$I w ON w.id = p.paymentable_id '
    'WHERE p.paymentable_type = %4$L AND p.status = ''paid'' AND p.paid_at IS NOT NULL AND w.deleted_at IS NULL%3$s';
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
--> statement-breakpoint
DROP TRIGGER report_rollup_will_payments_insert ON wills;
--> statement-breakpoint
DROP TRIGGER report_rollup_will_payments_update ON wills;
--> statement-breakpoint
DROP TRIGGER report_rollup_will_payments_delete ON wills;
--> statement-breakpoint
DROP FUNCTION report_rollup_will_payments();
--> statement-breakpoint
CREATE TRIGGER report_rollup_will_payments_insert AFTER INSERT ON wills REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_rollup_payable_payments('Wasiat');
--> statement-breakpoint
CREATE TRIGGER report_rollup_will_payments_update AFTER UPDATE ON wills REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_rollup_payable_payments('Wasiat');
--> statement-breakpoint
CREATE TRIGGER report_rollup_will_payments_delete AFTER DELETE ON wills REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_rollup_payable_payments('Wasiat');
--> statement-breakpoint
CREATE TRIGGER report_rollup_hibah_payments_insert AFTER INSERT ON hibahs REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_rollup_payable_payments('Hibah');
--> statement-breakpoint
CREATE TRIGGER report_rollup_hibah_payments_update AFTER UPDATE ON hibahs REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_rollup_payable_payments('Hibah');
--> statement-breakpoint
CREATE TRIGGER report_rollup_hibah_payments_delete AFTER DELETE ON hibahs REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_rollup_payable_payments('Hibah');
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_rollup_payments_truncate() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  TRUNCATE report_payment_months, report_payment_lines;
  RETURN NULL;
END;
$fn$;
--> statement-breakpoint
CREATE INDEX "report_payment_lines_org_idx" ON "report_payment_lines" ("organization_id", "paid_at", "payment_id") INCLUDE ("amount_sen");
--> statement-breakpoint
-- Payments that exist before this migration: the hibahs' in the monthly roll-up, every line.
INSERT INTO report_payment_months AS r (month, organization_id, n, amount_sen)
SELECT date_trunc('month', p.paid_at AT TIME ZONE 'Asia/Kuala_Lumpur')::date, h.organization_id, count(*), sum(p.amount_sen)
FROM payments p JOIN hibahs h ON h.id = p.paymentable_id
WHERE p.paymentable_type = 'Hibah' AND p.status = 'paid' AND p.paid_at IS NOT NULL AND h.deleted_at IS NULL
GROUP BY 1, 2
ON CONFLICT ON CONSTRAINT report_payment_months_key DO UPDATE SET n = r.n + excluded.n,
  amount_sen = r.amount_sen + excluded.amount_sen;
--> statement-breakpoint
INSERT INTO report_payment_lines (payment_id, organization_id, paid_at, amount_sen, paymentable_type, paymentable_id)
SELECT p.id, coalesce(w.organization_id, h.organization_id), p.paid_at, p.amount_sen, p.paymentable_type, p.paymentable_id
FROM payments p LEFT JOIN wills w ON p.paymentable_type = 'Wasiat' AND w.id = p.paymentable_id
LEFT JOIN hibahs h ON p.paymentable_type = 'Hibah' AND h.id = p.paymentable_id
WHERE p.status = 'paid' AND p.paid_at IS NOT NULL
  AND (w.deleted_at IS NULL AND w.id IS NOT NULL OR h.deleted_at IS NULL AND h.id IS NOT NULL);
