CREATE TABLE "deposits" (
	"id" uuid PRIMARY KEY NOT NULL,
	"agency_id" uuid NOT NULL,
	"seller_team_id" uuid NOT NULL,
	"amount_cents" bigint NOT NULL,
	"pay_with" text NOT NULL,
	"transaction_id" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"status" text NOT NULL,
	"is_cashback" boolean DEFAULT false NOT NULL,
	"exchange_rate" numeric(14, 4) DEFAULT '1' NOT NULL,
	"topup_content" text DEFAULT '' NOT NULL,
	"requested_by" text NOT NULL,
	"created_by_id" uuid,
	"decided_by_id" uuid,
	"decided_at" timestamp with time zone,
	"reject_reason" text,
	"invoice_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"user_id" uuid NOT NULL,
	"key" text NOT NULL,
	"route" text NOT NULL,
	"request_hash" text NOT NULL,
	"status_code" integer NOT NULL,
	"response" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
CREATE TABLE "invoice_lines" (
	"id" uuid PRIMARY KEY NOT NULL,
	"invoice_id" uuid NOT NULL,
	"description" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"agency_amount_cents" bigint DEFAULT 0 NOT NULL,
	"ref_type" text,
	"ref_id" uuid,
	"ledger_entry_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY NOT NULL,
	"agency_id" uuid NOT NULL,
	"seller_team_id" uuid NOT NULL,
	"name" text NOT NULL,
	"number" integer NOT NULL,
	"type" text NOT NULL,
	"source" text NOT NULL,
	"seller_amount_cents" bigint NOT NULL,
	"agency_amount_cents" bigint DEFAULT 0 NOT NULL,
	"remain_amount_cents" bigint DEFAULT 0 NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" uuid PRIMARY KEY NOT NULL,
	"agency_id" uuid NOT NULL,
	"seller_team_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"account_kind" text NOT NULL,
	"type" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"balance_after_cents" bigint NOT NULL,
	"idempotency_key" text NOT NULL,
	"ref_type" text,
	"ref_id" uuid,
	"description" text DEFAULT '' NOT NULL,
	"reason" text,
	"actor_id" uuid,
	"available_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"agency_id" uuid NOT NULL,
	"seller_team_id" uuid NOT NULL,
	"amount_cents" bigint NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"payment_type" text NOT NULL,
	"payment_value" text NOT NULL,
	"bill_name" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"decision_note" text,
	"requested_by_id" uuid,
	"decided_by_id" uuid,
	"approved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "seller_teams" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_seller_team_id_seller_teams_id_fk" FOREIGN KEY ("seller_team_id") REFERENCES "public"."seller_teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_ledger_entry_id_ledger_entries_id_fk" FOREIGN KEY ("ledger_entry_id") REFERENCES "public"."ledger_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_seller_team_id_seller_teams_id_fk" FOREIGN KEY ("seller_team_id") REFERENCES "public"."seller_teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_seller_team_id_seller_teams_id_fk" FOREIGN KEY ("seller_team_id") REFERENCES "public"."seller_teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_seller_team_id_seller_teams_id_fk" FOREIGN KEY ("seller_team_id") REFERENCES "public"."seller_teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deposits_team_created_idx" ON "deposits" USING btree ("seller_team_id","created_at");--> statement-breakpoint
CREATE INDEX "deposits_agency_created_idx" ON "deposits" USING btree ("agency_id","created_at");--> statement-breakpoint
CREATE INDEX "deposits_agency_pending_idx" ON "deposits" USING btree ("agency_id","seller_team_id") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "invoice_lines_invoice_idx" ON "invoice_lines" USING btree ("invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_agency_number_uq" ON "invoices" USING btree ("agency_id","number");--> statement-breakpoint
CREATE INDEX "invoices_agency_type_created_idx" ON "invoices" USING btree ("agency_id","type","created_at");--> statement-breakpoint
CREATE INDEX "invoices_team_type_created_idx" ON "invoices" USING btree ("seller_team_id","type","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_key_uq" ON "ledger_entries" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "ledger_entries_account_created_idx" ON "ledger_entries" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "ledger_entries_team_created_idx" ON "ledger_entries" USING btree ("seller_team_id","created_at");--> statement-breakpoint
CREATE INDEX "ledger_entries_ref_idx" ON "ledger_entries" USING btree ("ref_type","ref_id");--> statement-breakpoint
CREATE INDEX "payouts_agency_created_idx" ON "payouts" USING btree ("agency_id","created_at");--> statement-breakpoint
CREATE INDEX "payouts_team_created_idx" ON "payouts" USING btree ("seller_team_id","created_at");--> statement-breakpoint
ALTER TABLE "accounts" DROP COLUMN "available_cents";