CREATE TABLE "agencies" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"manager_id" uuid,
	"config" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "domains" (
	"id" uuid PRIMARY KEY NOT NULL,
	"agency_id" uuid NOT NULL,
	"host" text NOT NULL,
	"connect_status" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_failures" (
	"id" uuid PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"address" "inet",
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "one_time_tokens" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_app_tokens" (
	"id" uuid PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"shop_domain" text NOT NULL,
	"user_id" uuid,
	"linked_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"full_name" text NOT NULL,
	"password_hash" text NOT NULL,
	"user_type" text NOT NULL,
	"authority" text,
	"is_sub_user" boolean DEFAULT false NOT NULL,
	"agency_id" uuid,
	"seller_team_id" uuid,
	"status" text DEFAULT 'pending' NOT NULL,
	"token_version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "accounts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"agency_id" uuid NOT NULL,
	"seller_team_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"balance_cents" bigint DEFAULT 0 NOT NULL,
	"available_cents" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "basecosts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"agency_id" uuid,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seller_teams" (
	"id" uuid PRIMARY KEY NOT NULL,
	"agency_id" uuid NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"manager_id" uuid,
	"basecost_id" uuid,
	"supporter_id" uuid,
	"referral_code" text NOT NULL,
	"referral_from_id" uuid,
	"rate" numeric(5, 2) DEFAULT '0' NOT NULL,
	"pending_payout_days" integer DEFAULT 2 NOT NULL,
	"auto_approve_order" boolean DEFAULT false NOT NULL,
	"get_order_api" boolean DEFAULT true NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"seller_type" text DEFAULT 'default' NOT NULL,
	"mapped_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_entries" (
	"id" uuid PRIMARY KEY NOT NULL,
	"actor_id" uuid,
	"agency_id" uuid,
	"entity" text NOT NULL,
	"entity_id" text NOT NULL,
	"action" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_messages" (
	"id" uuid PRIMARY KEY NOT NULL,
	"agency_id" uuid,
	"to_address" text NOT NULL,
	"template_code" text NOT NULL,
	"subject" text NOT NULL,
	"html" text NOT NULL,
	"text" text NOT NULL,
	"status" text NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"agency_id" uuid,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"viewed" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agency_catalogs" (
	"agency_id" uuid NOT NULL,
	"catalog_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agency_catalogs_agency_id_catalog_id_pk" PRIMARY KEY("agency_id","catalog_id")
);
--> statement-breakpoint
CREATE TABLE "catalog_variants" (
	"id" uuid PRIMARY KEY NOT NULL,
	"catalog_id" uuid NOT NULL,
	"catalog_variant_code" text NOT NULL,
	"color" text NOT NULL,
	"size" text NOT NULL,
	"in_stock" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalogs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"product_code" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"type" text NOT NULL,
	"dropship" boolean DEFAULT false NOT NULL,
	"is_trademark" boolean DEFAULT false NOT NULL,
	"publish_status" smallint DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"mockup_gallery" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sizes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"colors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_variants" (
	"id" uuid PRIMARY KEY NOT NULL,
	"product_id" uuid NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	"option1" text,
	"option2" text,
	"option3" text,
	"price_cents" bigint NOT NULL,
	"ship_us_first_cents" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" uuid PRIMARY KEY NOT NULL,
	"agency_id" uuid NOT NULL,
	"seller_team_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"product_type" text DEFAULT 'pod' NOT NULL,
	"other_mockup" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY NOT NULL,
	"agency_id" uuid NOT NULL,
	"seller_team_id" uuid NOT NULL,
	"seller_id" uuid,
	"order_name" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'Unfulfilled' NOT NULL,
	"full_name" text DEFAULT '' NOT NULL,
	"country" text DEFAULT '' NOT NULL,
	"country_code" text DEFAULT '' NOT NULL,
	"total_price_cents" bigint DEFAULT 0 NOT NULL,
	"item_count" integer DEFAULT 0 NOT NULL,
	"address_status" smallint DEFAULT 3 NOT NULL,
	"hire_design_status" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "domains" ADD CONSTRAINT "domains_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "one_time_tokens" ADD CONSTRAINT "one_time_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_app_tokens" ADD CONSTRAINT "store_app_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_seller_team_id_seller_teams_id_fk" FOREIGN KEY ("seller_team_id") REFERENCES "public"."seller_teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "basecosts" ADD CONSTRAINT "basecosts_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seller_teams" ADD CONSTRAINT "seller_teams_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seller_teams" ADD CONSTRAINT "seller_teams_basecost_id_basecosts_id_fk" FOREIGN KEY ("basecost_id") REFERENCES "public"."basecosts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_messages" ADD CONSTRAINT "email_messages_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agency_catalogs" ADD CONSTRAINT "agency_catalogs_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agency_catalogs" ADD CONSTRAINT "agency_catalogs_catalog_id_catalogs_id_fk" FOREIGN KEY ("catalog_id") REFERENCES "public"."catalogs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_variants" ADD CONSTRAINT "catalog_variants_catalog_id_catalogs_id_fk" FOREIGN KEY ("catalog_id") REFERENCES "public"."catalogs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_seller_team_id_seller_teams_id_fk" FOREIGN KEY ("seller_team_id") REFERENCES "public"."seller_teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "agencies_code_uq" ON "agencies" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "domains_host_uq" ON "domains" USING btree ("host");--> statement-breakpoint
CREATE INDEX "domains_agency_idx" ON "domains" USING btree ("agency_id");--> statement-breakpoint
CREATE INDEX "login_failures_email_idx" ON "login_failures" USING btree ("email","created_at");--> statement-breakpoint
CREATE INDEX "login_failures_addr_idx" ON "login_failures" USING btree ("address","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "one_time_tokens_hash_uq" ON "one_time_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "one_time_tokens_user_idx" ON "one_time_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "store_app_tokens_hash_uq" ON "store_app_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_uq" ON "users" USING btree ("email");--> statement-breakpoint
CREATE INDEX "users_agency_idx" ON "users" USING btree ("agency_id");--> statement-breakpoint
CREATE INDEX "users_team_idx" ON "users" USING btree ("seller_team_id");--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_team_kind_uq" ON "accounts" USING btree ("seller_team_id","kind");--> statement-breakpoint
CREATE INDEX "basecosts_agency_idx" ON "basecosts" USING btree ("agency_id");--> statement-breakpoint
CREATE UNIQUE INDEX "seller_teams_agency_code_uq" ON "seller_teams" USING btree ("agency_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "seller_teams_referral_uq" ON "seller_teams" USING btree ("referral_code");--> statement-breakpoint
CREATE INDEX "seller_teams_agency_created_idx" ON "seller_teams" USING btree ("agency_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_entity_idx" ON "audit_entries" USING btree ("entity","entity_id");--> statement-breakpoint
CREATE INDEX "email_messages_agency_created_idx" ON "email_messages" USING btree ("agency_id","created_at");--> statement-breakpoint
CREATE INDEX "notifications_user_created_idx" ON "notifications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "notifications_user_unviewed_idx" ON "notifications" USING btree ("user_id") WHERE viewed = false;--> statement-breakpoint
CREATE UNIQUE INDEX "catalog_variants_code_uq" ON "catalog_variants" USING btree ("catalog_variant_code");--> statement-breakpoint
CREATE INDEX "catalog_variants_catalog_idx" ON "catalog_variants" USING btree ("catalog_id");--> statement-breakpoint
CREATE UNIQUE INDEX "catalogs_code_uq" ON "catalogs" USING btree ("product_code");--> statement-breakpoint
CREATE INDEX "catalogs_created_idx" ON "catalogs" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "product_variants_product_idx" ON "product_variants" USING btree ("product_id","position");--> statement-breakpoint
CREATE INDEX "products_team_idx" ON "products" USING btree ("seller_team_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_team_name_uq" ON "orders" USING btree ("seller_team_id","order_name") WHERE order_name <> '';--> statement-breakpoint
CREATE INDEX "orders_agency_created_idx" ON "orders" USING btree ("agency_id","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_agency_status_created_idx" ON "orders" USING btree ("agency_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_team_created_idx" ON "orders" USING btree ("seller_team_id","created_at","id");