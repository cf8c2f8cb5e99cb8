-- The sale an order was recorded with at creation (docs/money.md, "Sale price"): orders that came
-- from a store front (proxy) or a store keep what they carry today; orders a seller typed or
-- imported from CSV have no recorded sale and earn no order profit.
UPDATE "orders" SET "sale_total_cents" = "total_price_cents"
  WHERE ("proxy_id" IS NOT NULL OR "external_id" IS NOT NULL) AND "sale_total_cents" IS NULL;
--> statement-breakpoint
UPDATE "order_items" i SET "sale_price_cents" = i."price_cents"
  FROM "orders" o
  WHERE o."id" = i."order_id" AND o."sale_total_cents" IS NOT NULL AND i."sale_price_cents" IS NULL;
