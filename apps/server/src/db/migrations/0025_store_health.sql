ALTER TABLE "stores" ADD COLUMN "orders_pulled_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "last_reconciled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "last_reconcile" jsonb;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "token_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "webhooks_checked_at" timestamp with time zone;