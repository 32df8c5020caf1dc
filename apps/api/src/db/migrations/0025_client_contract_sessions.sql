-- Issue 20 (ADR 0135): a session opened by the 2021 client's login body (which carries `role`) is marked, so its
-- user replies put the 2021 role label first in `roles` (our own client's sessions are unchanged).
ALTER TABLE "auth_tokens" ADD COLUMN "client_contract" text;--> statement-breakpoint
-- Issue 20 (ADR 0136): the revenue split of a price as the 2021 pricing form sends it, in integer sen.
ALTER TABLE "pricings" ADD COLUMN "provider_share_sen" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "pricings" ADD COLUMN "organisation_share_sen" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "pricings" ADD COLUMN "platform_share_sen" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "pricings" ADD COLUMN "others_share_sen" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "pricings" ADD COLUMN "others_description" text;--> statement-breakpoint
ALTER TABLE "pricings" ADD COLUMN "amendment_provider_share_sen" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "pricings" ADD COLUMN "amendment_organisation_share_sen" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "pricings" ADD COLUMN "amendment_platform_share_sen" integer DEFAULT 0 NOT NULL;
