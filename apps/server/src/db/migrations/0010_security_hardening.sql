CREATE TABLE "rate_events" (
	"id" uuid PRIMARY KEY NOT NULL,
	"bucket" text NOT NULL,
	"key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "sale_price_cents" bigint;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "sale_total_cents" bigint;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "max_size" bigint;--> statement-breakpoint
CREATE INDEX "rate_events_bucket_key_idx" ON "rate_events" USING btree ("bucket","key","created_at");