CREATE TABLE "kpi_fold_state" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"generation" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "kpi_fold_state" ADD CONSTRAINT "kpi_fold_state_one_row" CHECK ("id" = 1);--> statement-breakpoint
INSERT INTO "kpi_fold_state" ("id", "generation") VALUES (1, 0);--> statement-breakpoint
-- kpi_rebuild (or an operator) deleting folded days makes every reader's remembered days stale: a new generation.
CREATE FUNCTION kpi_daily_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE kpi_fold_state SET generation = generation + 1;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER kpi_daily_deleted AFTER DELETE OR TRUNCATE ON kpi_daily FOR EACH STATEMENT EXECUTE FUNCTION kpi_daily_deleted();
