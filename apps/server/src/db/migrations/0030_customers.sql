CREATE TABLE "customer_backfills" (
	"agency_id" uuid PRIMARY KEY NOT NULL,
	"cursor" uuid,
	"processed" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"done_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_orders" (
	"agency_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	CONSTRAINT "customer_orders_pkey" PRIMARY KEY("agency_id","order_id")
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"agency_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"seller_team_id" uuid NOT NULL,
	"match_key" text NOT NULL,
	"full_name" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"address1" text DEFAULT '' NOT NULL,
	"address2" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"province" text DEFAULT '' NOT NULL,
	"zip_code" text DEFAULT '' NOT NULL,
	"country" text DEFAULT '' NOT NULL,
	"country_code" text DEFAULT '' NOT NULL,
	"orders_count" integer DEFAULT 0 NOT NULL,
	"total_spent_cents" bigint DEFAULT 0 NOT NULL,
	"first_order_at" timestamp with time zone,
	"last_order_at" timestamp with time zone,
	"store_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"from_files" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customers_pkey" PRIMARY KEY("agency_id","id")
);
--> statement-breakpoint
ALTER TABLE "customer_backfills" ADD CONSTRAINT "customer_backfills_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_orders" ADD CONSTRAINT "customer_orders_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_orders" ADD CONSTRAINT "customer_orders_customer_fk" FOREIGN KEY ("agency_id","customer_id") REFERENCES "public"."customers"("agency_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_team_fk" FOREIGN KEY ("agency_id","seller_team_id") REFERENCES "public"."seller_teams"("agency_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_orders_customer_idx" ON "customer_orders" USING btree ("agency_id","customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "customers_match_uq" ON "customers" USING btree ("agency_id","seller_team_id","match_key");--> statement-breakpoint
CREATE INDEX "customers_agency_last_idx" ON "customers" USING btree ("agency_id","last_order_at","id");--> statement-breakpoint
CREATE INDEX "customers_team_last_idx" ON "customers" USING btree ("agency_id","seller_team_id","last_order_at","id");--> statement-breakpoint
CREATE INDEX "customers_search_trgm_idx" ON "customers" USING gin (("full_name" || chr(9) || "email" || chr(9) || "phone") gin_trgm_ops);--> statement-breakpoint
-- Orders made before customers existed are linked by the customers.backfill job, one per agency (docs/customers.md).
INSERT INTO "customer_backfills" ("agency_id") SELECT "id" FROM "agencies";
