CREATE TABLE "files" (
	"id" uuid PRIMARY KEY NOT NULL,
	"agency_id" uuid,
	"seller_team_id" uuid,
	"uploaded_by" uuid,
	"path" text NOT NULL,
	"name" text NOT NULL,
	"size" bigint,
	"content_type" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"in_library" text DEFAULT 'no' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_templates" (
	"id" uuid PRIMARY KEY NOT NULL,
	"agency_id" uuid NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"subject" text NOT NULL,
	"html" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_templates" ADD CONSTRAINT "mail_templates_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "files_path_uq" ON "files" USING btree ("path");--> statement-breakpoint
CREATE INDEX "files_agency_created_idx" ON "files" USING btree ("agency_id","created_at");--> statement-breakpoint
CREATE INDEX "files_team_created_idx" ON "files" USING btree ("seller_team_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "mail_templates_agency_code_uq" ON "mail_templates" USING btree ("agency_id","code");