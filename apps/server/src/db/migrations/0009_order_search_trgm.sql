-- pg_trgm is a trusted extension (PostgreSQL 13+): the database owner may create it; PGlite loads it (db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
ALTER TABLE "order_events" DROP CONSTRAINT "order_events_agency_id_agencies_id_fk";
--> statement-breakpoint
ALTER TABLE "order_items" DROP CONSTRAINT "order_items_agency_id_agencies_id_fk";
--> statement-breakpoint
ALTER TABLE "order_items" DROP CONSTRAINT "order_items_seller_team_id_seller_teams_id_fk";
--> statement-breakpoint
CREATE INDEX "orders_search_trgm_idx" ON "orders" USING gin (("order_name" || chr(9) || "full_name" || chr(9) || "email" || chr(9) || "reference_id1" || chr(9) || "reference_id2") gin_trgm_ops);