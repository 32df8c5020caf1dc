CREATE TABLE "report_branch_months" (
	"month" date NOT NULL,
	"organization_id" text,
	"branch_id" text,
	"status" integer NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	"paid" integer DEFAULT 0 NOT NULL,
	"price_sen" bigint DEFAULT 0 NOT NULL,
	"discount_sen" bigint DEFAULT 0 NOT NULL,
	"amount_sen" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "report_branch_months_key" UNIQUE NULLS NOT DISTINCT("month","organization_id","branch_id","status")
);
--> statement-breakpoint
CREATE TABLE "report_org_days" (
	"day" date NOT NULL,
	"organization_id" text,
	"status" integer NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	"paid" integer DEFAULT 0 NOT NULL,
	"price_sen" bigint DEFAULT 0 NOT NULL,
	"discount_sen" bigint DEFAULT 0 NOT NULL,
	"amount_sen" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "report_org_days_key" UNIQUE NULLS NOT DISTINCT("day","organization_id","status")
);
--> statement-breakpoint
CREATE TABLE "report_org_months" (
	"month" date NOT NULL,
	"organization_id" text,
	"plan" text,
	"payment_options_id" integer,
	"status" integer NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	"paid" integer DEFAULT 0 NOT NULL,
	"price_sen" bigint DEFAULT 0 NOT NULL,
	"discount_sen" bigint DEFAULT 0 NOT NULL,
	"amount_sen" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "report_org_months_key" UNIQUE NULLS NOT DISTINCT("month","organization_id","plan","payment_options_id","status")
);
--> statement-breakpoint
CREATE TABLE "report_payment_months" (
	"month" date NOT NULL,
	"organization_id" text,
	"n" integer DEFAULT 0 NOT NULL,
	"amount_sen" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "report_payment_months_key" UNIQUE NULLS NOT DISTINCT("month","organization_id")
);
--> statement-breakpoint
CREATE TABLE "report_will_months" (
	"month" date NOT NULL,
	"organization_id" text,
	"branch_id" text,
	"agent_id" text,
	"plan" text,
	"payment_options_id" integer,
	"status" integer NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	"paid" integer DEFAULT 0 NOT NULL,
	"price_sen" bigint DEFAULT 0 NOT NULL,
	"discount_sen" bigint DEFAULT 0 NOT NULL,
	"amount_sen" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "report_will_months_key" UNIQUE NULLS NOT DISTINCT("month","organization_id","branch_id","agent_id","plan","payment_options_id","status")
);
--> statement-breakpoint
CREATE INDEX "payments_paid_idx" ON "payments" USING btree ("paid_at","id");--> statement-breakpoint
CREATE INDEX "wills_registered_idx" ON "wills" USING btree ("registered_at","id","status","deleted_at","organization_id","price_sen","discount_sen","payment_received_at");
--> statement-breakpoint
-- Roll-ups of the wills (three monthly, one daily) kept correct BY CONSTRUCTION (issue 8; ADR 0060): statement-level AFTER
-- triggers on wills read the statement's transition tables (old_rows / new_rows), turn them into
-- signed deltas (−1 for the old version of a row, +1 for the new one; soft-deleted rows count as absent)
-- and add them to the four roll-ups in the same transaction, in a fixed order (table, then key) so two
-- concurrent changes lock the roll-up rows in the same order. A bulk INSERT of a million wills costs one
-- aggregate per statement, not a million upserts. Runs on PostgreSQL and PGlite.
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
  RETURN NULL;
END;
$fn$;
--> statement-breakpoint
CREATE TRIGGER report_rollup_wills_insert AFTER INSERT ON wills REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_rollup_wills();
--> statement-breakpoint
CREATE TRIGGER report_rollup_wills_update AFTER UPDATE ON wills REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_rollup_wills();
--> statement-breakpoint
CREATE TRIGGER report_rollup_wills_delete AFTER DELETE ON wills REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_rollup_wills();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_rollup_wills_truncate() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  TRUNCATE report_will_months, report_org_months, report_branch_months, report_org_days, report_payment_months;
  RETURN NULL;
END;
$fn$;
--> statement-breakpoint
CREATE TRIGGER report_rollup_wills_truncate AFTER TRUNCATE ON wills
  FOR EACH STATEMENT EXECUTE FUNCTION report_rollup_wills_truncate();
--> statement-breakpoint
-- Wills that exist before this migration.
INSERT INTO report_will_months (month, organization_id, branch_id, agent_id, plan, payment_options_id, status,
  n, paid, price_sen, discount_sen, amount_sen)
SELECT date_trunc('month', created_at AT TIME ZONE 'Asia/Kuala_Lumpur')::date, organization_id, branch_id, agent_id,
  plan, payment_options_id, status, count(*), count(*) FILTER (WHERE payment_received_at IS NOT NULL),
  sum(coalesce(price_sen, 0)), sum(discount_sen),
  sum(CASE WHEN payment_received_at IS NOT NULL THEN coalesce(price_sen, 0) - discount_sen ELSE 0 END)
FROM wills WHERE deleted_at IS NULL GROUP BY 1, 2, 3, 4, 5, 6, 7;
--> statement-breakpoint
INSERT INTO report_org_months (month, organization_id, plan, payment_options_id, status,
  n, paid, price_sen, discount_sen, amount_sen)
SELECT month, organization_id, plan, payment_options_id, status, sum(n), sum(paid), sum(price_sen), sum(discount_sen),
  sum(amount_sen)
FROM report_will_months GROUP BY 1, 2, 3, 4, 5;
--> statement-breakpoint
INSERT INTO report_branch_months (month, organization_id, branch_id, status, n, paid, price_sen, discount_sen, amount_sen)
SELECT month, organization_id, branch_id, status, sum(n), sum(paid), sum(price_sen), sum(discount_sen), sum(amount_sen)
FROM report_will_months GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
INSERT INTO report_org_days (day, organization_id, status, n, paid, price_sen, discount_sen, amount_sen)
SELECT (created_at AT TIME ZONE 'Asia/Kuala_Lumpur')::date, organization_id, status, count(*),
  count(*) FILTER (WHERE payment_received_at IS NOT NULL), sum(coalesce(price_sen, 0)), sum(discount_sen),
  sum(CASE WHEN payment_received_at IS NOT NULL THEN coalesce(price_sen, 0) - discount_sen ELSE 0 END)
FROM wills WHERE deleted_at IS NULL GROUP BY 1, 2, 3;
--> statement-breakpoint
-- The statement-of-account roll-up (ADR 0060): paid payments of wills that are not soft-deleted, per
-- organisation of the will and Kuala Lumpur month of paid_at. Changed by payments (insert, update,
-- delete) AND by wills (a will inserted after its payments, moved to another organisation, soft-deleted
-- or restored, or deleted), each through the statement's transition tables joined to the current state of
-- the other table (which that statement did not change). The transition tables are visible only in the
-- trigger function itself, so each function runs its own upsert.
CREATE OR REPLACE FUNCTION report_rollup_payments() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  upsert constant text := 'INSERT INTO report_payment_months AS r (month, organization_id, n, amount_sen) '
    'SELECT month, organization_id, sum(s), sum(s * amt) FROM (%s) d GROUP BY 1, 2 '
    'HAVING sum(s) <> 0 OR sum(s * amt) <> 0 ORDER BY 1, 2 '
    'ON CONFLICT ON CONSTRAINT report_payment_months_key DO UPDATE SET n = r.n + excluded.n, '
    'amount_sen = r.amount_sen + excluded.amount_sen';
  src constant text := 'SELECT date_trunc(''month'', p.paid_at AT TIME ZONE ''Asia/Kuala_Lumpur'')::date AS month, '
    'w.organization_id, %s AS s, p.amount_sen::bigint AS amt FROM %I p JOIN wills w ON w.id = p.paymentable_id '
    'WHERE p.paymentable_type = ''Wasiat'' AND p.status = ''paid'' AND p.paid_at IS NOT NULL AND w.deleted_at IS NULL';
BEGIN
  IF TG_OP = 'INSERT' THEN
    EXECUTE format(upsert, format(src, 1, 'new_rows'));
  ELSIF TG_OP = 'DELETE' THEN
    EXECUTE format(upsert, format(src, -1, 'old_rows'));
  ELSE
    EXECUTE format(upsert, format(src, -1, 'old_rows') || ' UNION ALL ' || format(src, 1, 'new_rows'));
  END IF;
  RETURN NULL;
END;
$fn$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_rollup_will_payments() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  upsert constant text := 'INSERT INTO report_payment_months AS r (month, organization_id, n, amount_sen) '
    'SELECT month, organization_id, sum(s), sum(s * amt) FROM (%s) d GROUP BY 1, 2 '
    'HAVING sum(s) <> 0 OR sum(s * amt) <> 0 ORDER BY 1, 2 '
    'ON CONFLICT ON CONSTRAINT report_payment_months_key DO UPDATE SET n = r.n + excluded.n, '
    'amount_sen = r.amount_sen + excluded.amount_sen';
  src constant text := 'SELECT date_trunc(''month'', p.paid_at AT TIME ZONE ''Asia/Kuala_Lumpur'')::date AS month, '
    'w.organization_id, %s AS s, p.amount_sen::bigint AS amt FROM payments p JOIN %I w ON w.id = p.paymentable_id '
    'WHERE p.paymentable_type = ''Wasiat'' AND p.status = ''paid'' AND p.paid_at IS NOT NULL AND w.deleted_at IS NULL%s';
  changed constant text := ' AND w.id IN (SELECT o.id FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE '
    '(o.organization_id, o.deleted_at IS NULL) IS DISTINCT FROM (n.organization_id, n.deleted_at IS NULL))';
BEGIN
  IF TG_OP = 'INSERT' THEN
    EXECUTE format(upsert, format(src, 1, 'new_rows', ''));
  ELSIF TG_OP = 'DELETE' THEN
    EXECUTE format(upsert, format(src, -1, 'old_rows', ''));
  ELSE
    EXECUTE format(upsert, format(src, -1, 'old_rows', changed) || ' UNION ALL ' || format(src, 1, 'new_rows', changed));
  END IF;
  RETURN NULL;
END;
$fn$;
--> statement-breakpoint
CREATE TRIGGER report_rollup_payments_insert AFTER INSERT ON payments REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_rollup_payments();
--> statement-breakpoint
CREATE TRIGGER report_rollup_payments_update AFTER UPDATE ON payments REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_rollup_payments();
--> statement-breakpoint
CREATE TRIGGER report_rollup_payments_delete AFTER DELETE ON payments REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_rollup_payments();
--> statement-breakpoint
CREATE TRIGGER report_rollup_will_payments_insert AFTER INSERT ON wills REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_rollup_will_payments();
--> statement-breakpoint
CREATE TRIGGER report_rollup_will_payments_update AFTER UPDATE ON wills REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_rollup_will_payments();
--> statement-breakpoint
CREATE TRIGGER report_rollup_will_payments_delete AFTER DELETE ON wills REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_rollup_will_payments();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_rollup_payments_truncate() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  TRUNCATE report_payment_months;
  RETURN NULL;
END;
$fn$;
--> statement-breakpoint
CREATE TRIGGER report_rollup_payments_truncate AFTER TRUNCATE ON payments
  FOR EACH STATEMENT EXECUTE FUNCTION report_rollup_payments_truncate();
--> statement-breakpoint
INSERT INTO report_payment_months (month, organization_id, n, amount_sen)
SELECT date_trunc('month', p.paid_at AT TIME ZONE 'Asia/Kuala_Lumpur')::date, w.organization_id, count(*), sum(p.amount_sen)
FROM payments p JOIN wills w ON w.id = p.paymentable_id
WHERE p.paymentable_type = 'Wasiat' AND p.status = 'paid' AND p.paid_at IS NOT NULL AND w.deleted_at IS NULL
GROUP BY 1, 2;
