ALTER TABLE "orders" ADD COLUMN "production_due_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "orders_production_due_idx" ON "orders" USING btree ("agency_id","production_due_at","id") WHERE status in ('Approved', 'InProduction');--> statement-breakpoint
-- When an approved order should ship, kept on the order (docs/kpis.md): the late list reads it by index instead of
-- asking every approved order's catalogs, and on time compares the first parcel with it.
CREATE FUNCTION orders_production_due() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.production_due_at := CASE WHEN NEW.approved_at IS NULL THEN NULL
    ELSE NEW.approved_at + make_interval(days => kpi_production_days(NEW.id, NEW.agency_id)) END;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER orders_production_due_inserted BEFORE INSERT ON orders FOR EACH ROW
  WHEN (NEW.approved_at IS NOT NULL) EXECUTE FUNCTION orders_production_due();--> statement-breakpoint
CREATE TRIGGER orders_production_due_updated BEFORE UPDATE OF approved_at ON orders FOR EACH ROW
  WHEN (NEW.approved_at IS DISTINCT FROM OLD.approved_at) EXECUTE FUNCTION orders_production_due();--> statement-breakpoint
UPDATE orders SET production_due_at = approved_at + make_interval(days => kpi_production_days(id, agency_id)) WHERE approved_at IS NOT NULL;--> statement-breakpoint
CREATE OR REPLACE FUNCTION kpi_shipments_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO kpi_deltas (agency_id, day, seller_team_id, catalog_type, shipped, ship_seconds, on_time)
  SELECT o.agency_id, (s.created_at AT TIME ZONE 'UTC')::date, o.seller_team_id, o.order_type, count(*),
         sum(greatest(0, floor(extract(epoch FROM s.created_at - o.approved_at)))::bigint),
         count(*) FILTER (WHERE s.created_at <= o.production_due_at)
    FROM (SELECT DISTINCT ON (order_id) order_id, created_at FROM kpi_new ORDER BY order_id, created_at) s
    JOIN orders o ON o.id = s.order_id
   WHERE o.approved_at IS NOT NULL
     AND NOT EXISTS (SELECT 1 FROM order_shipments p WHERE p.order_id = s.order_id AND p.id NOT IN (SELECT id FROM kpi_new))
   GROUP BY 1, 2, 3, 4;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION kpi_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM kpi_daily;
  DELETE FROM kpi_deltas;
  INSERT INTO kpi_deltas (agency_id, day, seller_team_id, catalog_type, status, orders, customer_sales_cents)
  SELECT agency_id, (created_at AT TIME ZONE 'UTC')::date, seller_team_id, order_type, status, count(*), sum(total_price_cents)
    FROM orders GROUP BY 1, 2, 3, 4, 5;
  INSERT INTO kpi_deltas (agency_id, day, seller_team_id, catalog_type, charged_cents, refunded_cents, profit_cents)
  SELECT e.agency_id, (e.created_at AT TIME ZONE 'UTC')::date, e.seller_team_id, coalesce(o.order_type, 'pod'),
         coalesce(-sum(e.amount_cents) FILTER (WHERE e.type IN ('order_charge', 'design_charge')), 0),
         coalesce(sum(e.amount_cents) FILTER (WHERE e.type = 'order_refund'), 0),
         coalesce(sum(e.amount_cents) FILTER (WHERE e.type = 'order_profit'), 0)
    FROM ledger_entries e LEFT JOIN orders o ON e.ref_type = 'order' AND o.id = e.ref_id
   WHERE e.type IN ('order_charge', 'design_charge', 'order_refund', 'order_profit')
   GROUP BY 1, 2, 3, 4;
  INSERT INTO kpi_deltas (agency_id, day, seller_team_id, catalog_type, catalog_id, item_charged_cents, cost_cents, units)
  SELECT i.agency_id, (i.created_at AT TIME ZONE 'UTC')::date, i.seller_team_id, o.order_type,
         coalesce(oi.catalog_id, '00000000-0000-0000-0000-000000000000'), sum(l.amount_cents), sum(l.agency_amount_cents), sum(oi.quantity)
    FROM invoice_lines l
    JOIN invoices i ON i.id = l.invoice_id AND i.type = 'OUT' AND i.source = 'order'
    JOIN order_items oi ON l.ref_type = 'order_item' AND oi.id = l.ref_id
    JOIN orders o ON o.id = oi.order_id
   GROUP BY 1, 2, 3, 4, 5;
  INSERT INTO kpi_deltas (agency_id, day, seller_team_id, catalog_type, shipped, ship_seconds, on_time)
  SELECT o.agency_id, (s.created_at AT TIME ZONE 'UTC')::date, o.seller_team_id, o.order_type, count(*),
         sum(greatest(0, floor(extract(epoch FROM s.created_at - o.approved_at)))::bigint),
         count(*) FILTER (WHERE s.created_at <= o.production_due_at)
    FROM (SELECT DISTINCT ON (order_id) order_id, created_at FROM order_shipments ORDER BY order_id, created_at) s
    JOIN orders o ON o.id = s.order_id
   WHERE o.approved_at IS NOT NULL
   GROUP BY 1, 2, 3, 4;
  INSERT INTO kpi_deltas (agency_id, day, seller_team_id, catalog_type, fulfilled, fulfilled_sales_cents)
  SELECT o.agency_id, (f.created_at AT TIME ZONE 'UTC')::date, o.seller_team_id, o.order_type, count(*), sum(o.total_price_cents)
    FROM (SELECT order_id, min(created_at) AS created_at FROM order_events WHERE to_status = 'Fulfilled' GROUP BY order_id) f
    JOIN orders o ON o.id = f.order_id
   GROUP BY 1, 2, 3, 4;
END $$;
