CREATE TABLE "privacy_erasures" (
	"agency_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"source" text NOT NULL,
	"requested_by" uuid,
	"store_id" uuid,
	"seller_team_id" uuid,
	"request_key" text NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"order_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"pending_order_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "privacy_erasures_pkey" PRIMARY KEY("agency_id","id")
);
--> statement-breakpoint
ALTER TABLE "privacy_erasures" ADD CONSTRAINT "privacy_erasures_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "privacy_erasures_request_uq" ON "privacy_erasures" USING btree ("agency_id","request_key");--> statement-breakpoint
CREATE INDEX "privacy_erasures_waiting_idx" ON "privacy_erasures" USING btree ("requested_at") WHERE status = 'waiting';