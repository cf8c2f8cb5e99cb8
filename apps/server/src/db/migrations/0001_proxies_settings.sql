CREATE TABLE "proxies" (
	"id" uuid PRIMARY KEY NOT NULL,
	"agency_id" uuid NOT NULL,
	"proxy_domain" text NOT NULL,
	"group_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "proxy_groups" (
	"id" uuid PRIMARY KEY NOT NULL,
	"agency_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_proxies" (
	"user_id" uuid NOT NULL,
	"proxy_id" uuid NOT NULL,
	CONSTRAINT "user_proxies_user_id_proxy_id_pk" PRIMARY KEY("user_id","proxy_id")
);
--> statement-breakpoint
ALTER TABLE "agencies" ADD COLUMN "settings" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "domains" ADD COLUMN "checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "proxy_id" uuid;--> statement-breakpoint
ALTER TABLE "proxies" ADD CONSTRAINT "proxies_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proxies" ADD CONSTRAINT "proxies_group_id_proxy_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."proxy_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proxy_groups" ADD CONSTRAINT "proxy_groups_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_proxies" ADD CONSTRAINT "user_proxies_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_proxies" ADD CONSTRAINT "user_proxies_proxy_id_proxies_id_fk" FOREIGN KEY ("proxy_id") REFERENCES "public"."proxies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "proxies_agency_domain_uq" ON "proxies" USING btree ("agency_id","proxy_domain");--> statement-breakpoint
CREATE INDEX "proxies_group_idx" ON "proxies" USING btree ("group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "proxy_groups_agency_name_uq" ON "proxy_groups" USING btree ("agency_id","name");--> statement-breakpoint
CREATE INDEX "user_proxies_proxy_idx" ON "user_proxies" USING btree ("proxy_id");