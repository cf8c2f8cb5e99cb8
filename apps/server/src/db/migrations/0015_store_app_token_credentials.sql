ALTER TABLE "store_app_tokens" ADD COLUMN "platform" text DEFAULT 'shopify' NOT NULL;--> statement-breakpoint
ALTER TABLE "store_app_tokens" ADD COLUMN "credentials" text;--> statement-breakpoint
ALTER TABLE "store_app_tokens" ADD COLUMN "scopes" text;