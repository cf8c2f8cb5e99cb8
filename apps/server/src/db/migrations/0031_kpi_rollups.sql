CREATE TABLE "kpi_daily" (
	"agency_id" uuid NOT NULL,
	"day" date NOT NULL,
	"seller_team_id" uuid NOT NULL,
	"catalog_type" text NOT NULL,
	"catalog_id" uuid DEFAULT '00000000-0000-0000-0000-000000000000' NOT NULL,
	"status" text DEFAULT '' NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"customer_sales_cents" bigint DEFAULT 0 NOT NULL,
	"charged_cents" bigint DEFAULT 0 NOT NULL,
	"refunded_cents" bigint DEFAULT 0 NOT NULL,
	"profit_cents" bigint DEFAULT 0 NOT NULL,
	"item_charged_cents" bigint DEFAULT 0 NOT NULL,
	"cost_cents" bigint DEFAULT 0 NOT NULL,
	"units" integer DEFAULT 0 NOT NULL,
	"fulfilled" integer DEFAULT 0 NOT NULL,
	"fulfilled_sales_cents" bigint DEFAULT 0 NOT NULL,
	"shipped" integer DEFAULT 0 NOT NULL,
	"ship_seconds" bigint DEFAULT 0 NOT NULL,
	"on_time" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "kpi_daily_pkey" PRIMARY KEY("agency_id","day","seller_team_id","catalog_type","catalog_id","status")
);
--> statement-breakpoint
CREATE TABLE "kpi_deltas" (
	"agency_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"day" date NOT NULL,
	"seller_team_id" uuid NOT NULL,
	"catalog_type" text NOT NULL,
	"catalog_id" uuid DEFAULT '00000000-0000-0000-0000-000000000000' NOT NULL,
	"status" text DEFAULT '' NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"customer_sales_cents" bigint DEFAULT 0 NOT NULL,
	"charged_cents" bigint DEFAULT 0 NOT NULL,
	"refunded_cents" bigint DEFAULT 0 NOT NULL,
	"profit_cents" bigint DEFAULT 0 NOT NULL,
	"item_charged_cents" bigint DEFAULT 0 NOT NULL,
	"cost_cents" bigint DEFAULT 0 NOT NULL,
	"units" integer DEFAULT 0 NOT NULL,
	"fulfilled" integer DEFAULT 0 NOT NULL,
	"fulfilled_sales_cents" bigint DEFAULT 0 NOT NULL,
	"shipped" integer DEFAULT 0 NOT NULL,
	"ship_seconds" bigint DEFAULT 0 NOT NULL,
	"on_time" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	CONSTRAINT "kpi_deltas_pkey" PRIMARY KEY("agency_id","id")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "status_at" timestamp with time zone;--> statement-breakpoint
-- Existing orders keep null (read as updated_at): a default here would stamp a million rows with the migration's time.
ALTER TABLE "orders" ALTER COLUMN "status_at" SET DEFAULT now();--> statement-breakpoint
UPDATE "orders" SET "status_at" = "updated_at" WHERE "status" = 'Hold';--> statement-breakpoint
ALTER TABLE "kpi_daily" ADD CONSTRAINT "kpi_daily_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kpi_deltas" ADD CONSTRAINT "kpi_deltas_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "kpi_daily_team_day_idx" ON "kpi_daily" USING btree ("agency_id","seller_team_id","day");--> statement-breakpoint
CREATE INDEX "kpi_deltas_agency_day_idx" ON "kpi_deltas" USING btree ("agency_id","day");--> statement-breakpoint
CREATE INDEX "orders_hold_since_idx" ON "orders" USING btree ("agency_id","status_at","id") WHERE status = 'Hold';--> statement-breakpoint
-- ---- KPI roll-ups (docs/kpis.md): every figure appended as a delta by the statement that moves it ----
-- Statement-level triggers with transition tables: one INSERT ... SELECT per statement, grouped, whatever the number
-- of rows (an import's 5,000-order batch appends a few hundred delta rows, not 5,000).
CREATE FUNCTION orders_status_at() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.status_at := now();
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER orders_status_at BEFORE UPDATE OF status ON orders FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION orders_status_at();--> statement-breakpoint
-- Days an order may take from approval to its first shipment: the longest production time its catalogs state
-- ("2-4 business days" reads 4; hours are rounded up to days), else the agency's setting productionDays (default 5).
CREATE FUNCTION kpi_production_days(p_order uuid, p_agency uuid) RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT coalesce(
    (SELECT max(CASE WHEN c.production->>'productionTime' ~* 'hour' THEN ceil(n::numeric / 24)::int ELSE n END)
       FROM order_items i
       JOIN catalogs c ON c.id = i.catalog_id
       CROSS JOIN LATERAL (SELECT substring(c.production->>'productionTime' FROM '(\d{1,4})\D*$')::int AS n) p
      WHERE i.order_id = p_order AND i.status <> 'Cancel' AND p.n IS NOT NULL),
    (SELECT CASE WHEN a.settings->>'productionDays' ~ '^\d{1,3}$' THEN (a.settings->>'productionDays')::int END FROM agencies a WHERE a.id = p_agency),
    5)
$$;--> statement-breakpoint
CREATE FUNCTION kpi_orders_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO kpi_deltas (agency_id, day, seller_team_id, catalog_type, status, orders, customer_sales_cents)
  SELECT agency_id, (created_at AT TIME ZONE 'UTC')::date, seller_team_id, order_type, status, count(*), sum(total_price_cents)
    FROM kpi_new GROUP BY 1, 2, 3, 4, 5;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER kpi_orders_inserted AFTER INSERT ON orders REFERENCING NEW TABLE AS kpi_new
  FOR EACH STATEMENT EXECUTE FUNCTION kpi_orders_inserted();--> statement-breakpoint
-- An order counts on its creation day under its status now: a change of status, total, team or type moves it.
CREATE FUNCTION kpi_orders_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO kpi_deltas (agency_id, day, seller_team_id, catalog_type, status, orders, customer_sales_cents)
  SELECT agency_id, day, seller_team_id, order_type, status, sum(n), sum(c) FROM (
    SELECT o.agency_id, (o.created_at AT TIME ZONE 'UTC')::date AS day, o.seller_team_id, o.order_type, o.status, -1 AS n, -o.total_price_cents AS c
      FROM kpi_old o JOIN kpi_new w ON w.id = o.id
     WHERE (o.status, o.total_price_cents, o.seller_team_id, o.order_type, o.created_at, o.agency_id)
           IS DISTINCT FROM (w.status, w.total_price_cents, w.seller_team_id, w.order_type, w.created_at, w.agency_id)
    UNION ALL
    SELECT w.agency_id, (w.created_at AT TIME ZONE 'UTC')::date, w.seller_team_id, w.order_type, w.status, 1, w.total_price_cents
      FROM kpi_old o JOIN kpi_new w ON w.id = o.id
     WHERE (o.status, o.total_price_cents, o.seller_team_id, o.order_type, o.created_at, o.agency_id)
           IS DISTINCT FROM (w.status, w.total_price_cents, w.seller_team_id, w.order_type, w.created_at, w.agency_id)
  ) x GROUP BY 1, 2, 3, 4, 5 HAVING sum(n) <> 0 OR sum(c) <> 0;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER kpi_orders_updated AFTER UPDATE ON orders REFERENCING OLD TABLE AS kpi_old NEW TABLE AS kpi_new
  FOR EACH STATEMENT EXECUTE FUNCTION kpi_orders_updated();--> statement-breakpoint
CREATE FUNCTION kpi_orders_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO kpi_deltas (agency_id, day, seller_team_id, catalog_type, status, orders, customer_sales_cents)
  SELECT agency_id, (created_at AT TIME ZONE 'UTC')::date, seller_team_id, order_type, status, -count(*), -sum(total_price_cents)
    FROM kpi_old GROUP BY 1, 2, 3, 4, 5;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER kpi_orders_deleted AFTER DELETE ON orders REFERENCING OLD TABLE AS kpi_old
  FOR EACH STATEMENT EXECUTE FUNCTION kpi_orders_deleted();--> statement-breakpoint
-- Money by the ledger's UTC day, exactly what GET /api/dashboards/profits read from the ledger before.
CREATE FUNCTION kpi_ledger_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO kpi_deltas (agency_id, day, seller_team_id, catalog_type, charged_cents, refunded_cents, profit_cents)
  SELECT e.agency_id, (e.created_at AT TIME ZONE 'UTC')::date, e.seller_team_id, coalesce(o.order_type, 'pod'),
         coalesce(-sum(e.amount_cents) FILTER (WHERE e.type IN ('order_charge', 'design_charge')), 0),
         coalesce(sum(e.amount_cents) FILTER (WHERE e.type = 'order_refund'), 0),
         coalesce(sum(e.amount_cents) FILTER (WHERE e.type = 'order_profit'), 0)
    FROM kpi_new e LEFT JOIN orders o ON e.ref_type = 'order' AND o.id = e.ref_id
   WHERE e.type IN ('order_charge', 'design_charge', 'order_refund', 'order_profit')
   GROUP BY 1, 2, 3, 4;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER kpi_ledger_inserted AFTER INSERT ON ledger_entries REFERENCING NEW TABLE AS kpi_new
  FOR EACH STATEMENT EXECUTE FUNCTION kpi_ledger_inserted();--> statement-breakpoint
-- An order invoice's item lines (written once, at approval): per catalog, what was charged, its platform cost, units.
CREATE FUNCTION kpi_invoice_lines_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO kpi_deltas (agency_id, day, seller_team_id, catalog_type, catalog_id, item_charged_cents, cost_cents, units)
  SELECT i.agency_id, (i.created_at AT TIME ZONE 'UTC')::date, i.seller_team_id, o.order_type,
         coalesce(oi.catalog_id, '00000000-0000-0000-0000-000000000000'), sum(l.amount_cents), sum(l.agency_amount_cents), sum(oi.quantity)
    FROM kpi_new l
    JOIN invoices i ON i.id = l.invoice_id AND i.type = 'OUT' AND i.source = 'order'
    JOIN order_items oi ON l.ref_type = 'order_item' AND oi.id = l.ref_id
    JOIN orders o ON o.id = oi.order_id
   GROUP BY 1, 2, 3, 4, 5;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER kpi_invoice_lines_inserted AFTER INSERT ON invoice_lines REFERENCING NEW TABLE AS kpi_new
  FOR EACH STATEMENT EXECUTE FUNCTION kpi_invoice_lines_inserted();--> statement-breakpoint
-- An approved order's first parcel: time from approval, and whether it left within the production time.
CREATE FUNCTION kpi_shipments_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO kpi_deltas (agency_id, day, seller_team_id, catalog_type, shipped, ship_seconds, on_time)
  SELECT o.agency_id, (s.created_at AT TIME ZONE 'UTC')::date, o.seller_team_id, o.order_type, count(*),
         sum(greatest(0, floor(extract(epoch FROM s.created_at - o.approved_at)))::bigint),
         count(*) FILTER (WHERE s.created_at <= o.approved_at + make_interval(days => kpi_production_days(o.id, o.agency_id)))
    FROM (SELECT DISTINCT ON (order_id) order_id, created_at FROM kpi_new ORDER BY order_id, created_at) s
    JOIN orders o ON o.id = s.order_id
   WHERE o.approved_at IS NOT NULL
     AND NOT EXISTS (SELECT 1 FROM order_shipments p WHERE p.order_id = s.order_id AND p.id NOT IN (SELECT id FROM kpi_new))
   GROUP BY 1, 2, 3, 4;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER kpi_shipments_inserted AFTER INSERT ON order_shipments REFERENCING NEW TABLE AS kpi_new
  FOR EACH STATEMENT EXECUTE FUNCTION kpi_shipments_inserted();--> statement-breakpoint
-- The first time an order becomes Fulfilled (its timeline), with its order total then.
CREATE FUNCTION kpi_events_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO kpi_deltas (agency_id, day, seller_team_id, catalog_type, fulfilled, fulfilled_sales_cents)
  SELECT o.agency_id, (f.created_at AT TIME ZONE 'UTC')::date, o.seller_team_id, o.order_type, count(*), sum(o.total_price_cents)
    FROM (SELECT DISTINCT ON (order_id) order_id, created_at FROM kpi_new WHERE to_status = 'Fulfilled' ORDER BY order_id, created_at) f
    JOIN orders o ON o.id = f.order_id
   WHERE NOT EXISTS (SELECT 1 FROM order_events p WHERE p.order_id = f.order_id AND p.to_status = 'Fulfilled' AND p.id NOT IN (SELECT id FROM kpi_new))
   GROUP BY 1, 2, 3, 4;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER kpi_events_inserted AFTER INSERT ON order_events REFERENCING NEW TABLE AS kpi_new
  FOR EACH STATEMENT EXECUTE FUNCTION kpi_events_inserted();--> statement-breakpoint
-- ---- Counting everything again from the base tables: the figures before this migration, a seed that back-dated its
-- history, or an operator's repair (SELECT kpi_rebuild()). The same definitions as the triggers. ----
CREATE FUNCTION kpi_rebuild() RETURNS void LANGUAGE plpgsql AS $$
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
         count(*) FILTER (WHERE s.created_at <= o.approved_at + make_interval(days => kpi_production_days(o.id, o.agency_id)))
    FROM (SELECT DISTINCT ON (order_id) order_id, created_at FROM order_shipments ORDER BY order_id, created_at) s
    JOIN orders o ON o.id = s.order_id
   WHERE o.approved_at IS NOT NULL
   GROUP BY 1, 2, 3, 4;
  INSERT INTO kpi_deltas (agency_id, day, seller_team_id, catalog_type, fulfilled, fulfilled_sales_cents)
  SELECT o.agency_id, (f.created_at AT TIME ZONE 'UTC')::date, o.seller_team_id, o.order_type, count(*), sum(o.total_price_cents)
    FROM (SELECT order_id, min(created_at) AS created_at FROM order_events WHERE to_status = 'Fulfilled' GROUP BY order_id) f
    JOIN orders o ON o.id = f.order_id
   GROUP BY 1, 2, 3, 4;
END $$;--> statement-breakpoint
SELECT kpi_rebuild();
