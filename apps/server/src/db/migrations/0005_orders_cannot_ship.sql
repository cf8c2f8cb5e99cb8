ALTER TABLE "orders" ADD COLUMN "province" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cannot_ship" boolean DEFAULT false NOT NULL;