ALTER TABLE "product_variants" ADD COLUMN "catalog_variant_id" uuid;--> statement-breakpoint
ALTER TABLE "product_variants" ADD COLUMN "ignored" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "product_variants" ADD COLUMN "artwork1" text;--> statement-breakpoint
ALTER TABLE "product_variants" ADD COLUMN "artwork2" text;--> statement-breakpoint
ALTER TABLE "product_variants" ADD COLUMN "artwork3" text;--> statement-breakpoint
ALTER TABLE "product_variants" ADD COLUMN "artwork4" text;--> statement-breakpoint
ALTER TABLE "product_variants" ADD COLUMN "artwork5" text;--> statement-breakpoint
ALTER TABLE "product_variants" ADD COLUMN "artwork6" text;--> statement-breakpoint
ALTER TABLE "product_variants" ADD COLUMN "mapped_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "catalog_id" uuid;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "product_variant_id" uuid;--> statement-breakpoint
CREATE INDEX "product_variants_sku_idx" ON "product_variants" USING btree ("agency_id","sku") WHERE sku is not null and sku <> '';--> statement-breakpoint
CREATE INDEX "product_variants_server_idx" ON "product_variants" USING btree ("agency_id","server_id") WHERE server_id is not null;