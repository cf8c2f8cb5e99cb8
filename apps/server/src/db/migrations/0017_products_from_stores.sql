DROP INDEX "products_team_idx";--> statement-breakpoint
-- Hand-edited: variants gain their product's agency (added empty, filled, then required).
ALTER TABLE "product_variants" ADD COLUMN "agency_id" uuid;--> statement-breakpoint
UPDATE "product_variants" v SET "agency_id" = p."agency_id" FROM "products" p WHERE p."id" = v."product_id";--> statement-breakpoint
ALTER TABLE "product_variants" ALTER COLUMN "agency_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "product_variants" ADD COLUMN "server_id" text;--> statement-breakpoint
ALTER TABLE "product_variants" ADD COLUMN "sku" text;--> statement-breakpoint
ALTER TABLE "product_variants" ADD COLUMN "title" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "product_variants" ADD COLUMN "image" text;--> statement-breakpoint
ALTER TABLE "product_variants" ADD COLUMN "mapping_status" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "store_id" uuid;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "server_id" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "handle" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "mockup" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "personalized" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "mapping_status" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "sync_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "synced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "source_updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- Hand-edited: the main image of an existing product is its first mockup.
UPDATE "products" SET "mockup" = "other_mockup"->>0 WHERE jsonb_array_length("other_mockup") > 0;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_store_fk" FOREIGN KEY ("agency_id","store_id") REFERENCES "public"."stores"("agency_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "product_variants_server_uq" ON "product_variants" USING btree ("agency_id","product_id","server_id") WHERE server_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "products_store_server_uq" ON "products" USING btree ("agency_id","store_id","server_id") WHERE server_id is not null;--> statement-breakpoint
CREATE INDEX "products_store_idx" ON "products" USING btree ("agency_id","store_id","created_at","id");--> statement-breakpoint
CREATE INDEX "products_team_idx" ON "products" USING btree ("agency_id","seller_team_id","created_at","id");