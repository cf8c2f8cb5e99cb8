CREATE TABLE "stores" (
	"agency_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"seller_team_id" uuid NOT NULL,
	"platform" text NOT NULL,
	"name" text NOT NULL,
	"shop_domain" text,
	"currency" text DEFAULT 'USD' NOT NULL,
	"status" text DEFAULT 'connected' NOT NULL,
	"status_reason" text,
	"credentials" text,
	"credentials_key_id" text,
	"scopes" text,
	"is_demo" boolean DEFAULT false NOT NULL,
	"import_paid_only" boolean DEFAULT true NOT NULL,
	"skip_ignored_only" boolean DEFAULT true NOT NULL,
	"submit_delay_minutes" integer DEFAULT 0 NOT NULL,
	"shipping_map" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"last_product_sync_at" timestamp with time zone,
	"last_order_at" timestamp with time zone,
	"connected_at" timestamp with time zone,
	"disconnected_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stores_pkey" PRIMARY KEY("agency_id","id")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "store_id" uuid;--> statement-breakpoint
-- The foreign key of stores needs its target unique first (drizzle-kit orders it after).
CREATE UNIQUE INDEX "seller_teams_agency_id_uq" ON "seller_teams" USING btree ("agency_id","id");--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_seller_team_fk" FOREIGN KEY ("agency_id","seller_team_id") REFERENCES "public"."seller_teams"("agency_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "stores_shop_uq" ON "stores" USING btree ("agency_id","platform","shop_domain") WHERE shop_domain is not null;--> statement-breakpoint
CREATE INDEX "stores_team_idx" ON "stores" USING btree ("agency_id","seller_team_id","created_at");--> statement-breakpoint
CREATE INDEX "stores_shop_domain_idx" ON "stores" USING btree ("shop_domain") WHERE shop_domain is not null;--> statement-breakpoint
CREATE INDEX "stores_key_idx" ON "stores" USING btree ("credentials_key_id") WHERE credentials_key_id is not null;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_store_fk" FOREIGN KEY ("agency_id","store_id") REFERENCES "public"."stores"("agency_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_store_external_uq" ON "orders" USING btree ("agency_id","store_id","external_id") WHERE store_id is not null and external_id is not null;