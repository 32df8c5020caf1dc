-- Issue 38 item 1 (ADR 0241): one receipt sequence per issuer and year. The provider organisation and payables
-- without an organisation (qurban purchases) had two counters ('' and the provider's id) printing the same
-- numbers. Every issued receipt gets its issuer; a duplicate (same issuer, same number) other than the first issued
-- is renumbered after the issuer's highest number of that year, keeps its old number, and its receipt e-mail is due
-- again (the PDF is made from the payment row on demand, so the new number prints by itself).
ALTER TABLE "payments" ADD COLUMN "receipt_issuer" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "previous_receipt_no" text;--> statement-breakpoint
DROP INDEX IF EXISTS "payments_receipt_org_uq";--> statement-breakpoint
UPDATE "payments" SET "receipt_issuer" = CASE
    WHEN "organization_id" IS NULL OR "organization_id" IN (SELECT "id" FROM "organizations" WHERE "code" = 'PROVIDER')
      THEN 'provider'
    ELSE "organization_id"
  END
WHERE "receipt_no" IS NOT NULL;--> statement-breakpoint
WITH "issued" AS (
  SELECT "id", "receipt_issuer", "receipt_no",
         substring("receipt_no" from '^R([0-9]{4})-') AS "yr",
         coalesce("paid_at", "confirmed_at", "created_at") AS "at",
         row_number() OVER (
           PARTITION BY "receipt_issuer", "receipt_no"
           ORDER BY coalesce("paid_at", "confirmed_at", "created_at"), "created_at", "id"
         ) AS "nth"
  FROM "payments"
  WHERE "receipt_no" ~ '^R[0-9]{4}-[0-9]+$'
), "dups" AS (
  SELECT "id", "receipt_issuer", "yr",
         row_number() OVER (PARTITION BY "receipt_issuer", "yr" ORDER BY "at", "id") AS "k"
  FROM "issued"
  WHERE "nth" > 1
), "tops" AS (
  SELECT "receipt_issuer", "yr", max(substring("receipt_no" from '([0-9]+)$')::int) AS "top"
  FROM "issued"
  GROUP BY 1, 2
), "next" AS (
  SELECT "dups"."id", "dups"."yr", ("tops"."top" + "dups"."k")::text AS "n"
  FROM "dups"
  JOIN "tops" ON "tops"."receipt_issuer" = "dups"."receipt_issuer" AND "tops"."yr" = "dups"."yr"
), "renumbered" AS (
  SELECT "id", 'R' || "yr" || '-' || lpad("n", greatest(6, length("n")), '0') AS "no" FROM "next"
)
UPDATE "payments" SET
  "previous_receipt_no" = "payments"."receipt_no",
  "receipt_no" = "renumbered"."no",
  "receipt_mail_status" = 'pending',
  "receipt_mail_next_at" = now(),
  "receipt_mail_attempts" = 0,
  "receipt_mail_error" = NULL,
  "updated_at" = now()
FROM "renumbered"
WHERE "payments"."id" = "renumbered"."id";--> statement-breakpoint
CREATE UNIQUE INDEX "payments_receipt_issuer_uq" ON "payments" USING btree ("receipt_issuer","receipt_no");--> statement-breakpoint
DROP TABLE "receipt_counters";--> statement-breakpoint
CREATE TABLE "receipt_counters" (
	"issuer" text NOT NULL,
	"year" integer NOT NULL,
	"last_no" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "receipt_counters_issuer_year_pk" PRIMARY KEY("issuer","year")
);--> statement-breakpoint
INSERT INTO "receipt_counters" ("issuer", "year", "last_no")
SELECT "receipt_issuer", substring("receipt_no" from '^R([0-9]{4})-')::int, max(substring("receipt_no" from '([0-9]+)$')::int)
FROM "payments"
WHERE "receipt_no" ~ '^R[0-9]{4}-[0-9]+$'
GROUP BY 1, 2;
