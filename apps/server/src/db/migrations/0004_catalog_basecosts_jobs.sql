CREATE TABLE "basecost_items" (
	"id" uuid PRIMARY KEY NOT NULL,
	"basecost_id" uuid NOT NULL,
	"catalog_id" uuid NOT NULL,
	"catalog_variant_id" uuid NOT NULL,
	"base_price_cents" bigint NOT NULL,
	"standard_first_cents" bigint DEFAULT 0 NOT NULL,
	"standard_additional_cents" bigint DEFAULT 0 NOT NULL,
	"express_first_cents" bigint,
	"express_additional_cents" bigint,
	"overnight_first_cents" bigint,
	"overnight_additional_cents" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agency_variant_costs" (
	"agency_id" uuid NOT NULL,
	"catalog_id" uuid NOT NULL,
	"catalog_variant_id" uuid NOT NULL,
	"cost_cents" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agency_variant_costs_agency_id_catalog_variant_id_pk" PRIMARY KEY("agency_id","catalog_variant_id")
);
--> statement-breakpoint
CREATE TABLE "catalog_categories" (
	"catalog_id" uuid NOT NULL,
	"category_id" uuid NOT NULL,
	CONSTRAINT "catalog_categories_catalog_id_category_id_pk" PRIMARY KEY("catalog_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" uuid PRIMARY KEY NOT NULL,
	"agency_id" uuid,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "price_change_logs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"catalog_id" uuid NOT NULL,
	"created_user_id" uuid,
	"created_user_email" text NOT NULL,
	"status" smallint NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"type" text NOT NULL,
	"variant_changed" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_files" (
	"id" uuid PRIMARY KEY NOT NULL,
	"job_id" uuid,
	"user_id" uuid,
	"agency_id" uuid,
	"purpose" text NOT NULL,
	"name" text NOT NULL,
	"content_type" text NOT NULL,
	"data" "bytea" NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"agency_id" uuid,
	"seller_team_id" uuid,
	"user_id" uuid,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"processed" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"result" jsonb,
	"error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 3 NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agencies" ADD COLUMN "basecost_id" uuid;--> statement-breakpoint
ALTER TABLE "basecosts" ADD COLUMN "description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "basecosts" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "basecosts" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "catalog_variants" ADD COLUMN "supplier_min_price_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "catalog_variants" ADD COLUMN "supplier_max_price_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "catalog_variants" ADD COLUMN "supplier_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "catalog_variants" ADD COLUMN "archived" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "catalog_variants" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "catalogs" ADD COLUMN "agency_id" uuid;--> statement-breakpoint
ALTER TABLE "catalogs" ADD COLUMN "designs" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "catalogs" ADD COLUMN "production" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "catalogs" ADD COLUMN "shipping" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "catalogs" ADD COLUMN "note" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "catalogs" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "basecost_items" ADD CONSTRAINT "basecost_items_basecost_id_basecosts_id_fk" FOREIGN KEY ("basecost_id") REFERENCES "public"."basecosts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "basecost_items" ADD CONSTRAINT "basecost_items_catalog_id_catalogs_id_fk" FOREIGN KEY ("catalog_id") REFERENCES "public"."catalogs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "basecost_items" ADD CONSTRAINT "basecost_items_catalog_variant_id_catalog_variants_id_fk" FOREIGN KEY ("catalog_variant_id") REFERENCES "public"."catalog_variants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agency_variant_costs" ADD CONSTRAINT "agency_variant_costs_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agency_variant_costs" ADD CONSTRAINT "agency_variant_costs_catalog_id_catalogs_id_fk" FOREIGN KEY ("catalog_id") REFERENCES "public"."catalogs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agency_variant_costs" ADD CONSTRAINT "agency_variant_costs_catalog_variant_id_catalog_variants_id_fk" FOREIGN KEY ("catalog_variant_id") REFERENCES "public"."catalog_variants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_categories" ADD CONSTRAINT "catalog_categories_catalog_id_catalogs_id_fk" FOREIGN KEY ("catalog_id") REFERENCES "public"."catalogs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_categories" ADD CONSTRAINT "catalog_categories_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_change_logs" ADD CONSTRAINT "price_change_logs_catalog_id_catalogs_id_fk" FOREIGN KEY ("catalog_id") REFERENCES "public"."catalogs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_change_logs" ADD CONSTRAINT "price_change_logs_created_user_id_users_id_fk" FOREIGN KEY ("created_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_files" ADD CONSTRAINT "job_files_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_files" ADD CONSTRAINT "job_files_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_files" ADD CONSTRAINT "job_files_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "basecost_items_variant_uq" ON "basecost_items" USING btree ("basecost_id","catalog_variant_id");--> statement-breakpoint
CREATE INDEX "basecost_items_catalog_idx" ON "basecost_items" USING btree ("basecost_id","catalog_id");--> statement-breakpoint
CREATE INDEX "basecost_items_variant_idx" ON "basecost_items" USING btree ("catalog_variant_id");--> statement-breakpoint
CREATE INDEX "agency_variant_costs_catalog_idx" ON "agency_variant_costs" USING btree ("agency_id","catalog_id");--> statement-breakpoint
CREATE INDEX "catalog_categories_category_idx" ON "catalog_categories" USING btree ("category_id");--> statement-breakpoint
CREATE UNIQUE INDEX "categories_owner_name_uq" ON "categories" USING btree (coalesce("agency_id", '00000000-0000-0000-0000-000000000000'::uuid),lower("name"));--> statement-breakpoint
CREATE INDEX "categories_agency_idx" ON "categories" USING btree ("agency_id","created_at");--> statement-breakpoint
CREATE INDEX "price_change_logs_catalog_idx" ON "price_change_logs" USING btree ("catalog_id","created_at");--> statement-breakpoint
CREATE INDEX "price_change_logs_created_idx" ON "price_change_logs" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "job_files_job_idx" ON "job_files" USING btree ("job_id");--> statement-breakpoint
CREATE INDEX "job_files_user_idx" ON "job_files" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("run_at") WHERE status = 'queued';--> statement-breakpoint
CREATE INDEX "jobs_user_created_idx" ON "jobs" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "jobs_kind_created_idx" ON "jobs" USING btree ("kind","created_at");--> statement-breakpoint
ALTER TABLE "catalogs" ADD CONSTRAINT "catalogs_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agency_catalogs_catalog_idx" ON "agency_catalogs" USING btree ("catalog_id");--> statement-breakpoint
CREATE INDEX "catalogs_agency_idx" ON "catalogs" USING btree ("agency_id");--> statement-breakpoint
CREATE INDEX "catalogs_supplier_idx" ON "catalogs" USING btree ("created_at") WHERE dropship and is_trademark and active and deleted_at is null;