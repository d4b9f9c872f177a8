CREATE TABLE "container_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"container_id" text NOT NULL,
	"concern_code" text NOT NULL,
	"location_code" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"kind" text NOT NULL,
	"quantity" double precision,
	"previous_quantity" double precision,
	"stock_after" double precision
);
--> statement-breakpoint
CREATE TABLE "container_forecasts" (
	"container_id" text PRIMARY KEY NOT NULL,
	"concern_code" text NOT NULL,
	"branch_code" text NOT NULL,
	"location_code" text NOT NULL,
	"active" boolean NOT NULL,
	"stock" double precision NOT NULL,
	"average_weekly" double precision NOT NULL,
	"reach_weeks" double precision,
	"computed_on" date NOT NULL,
	"stock_out_date" date,
	"lead_time_days" integer NOT NULL,
	"expected_delivery_date" date,
	"alarm_date" date,
	"stock_out_due_date" date,
	"due_date" date,
	"order_date" date NOT NULL
);
--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "lead_time_days" integer;--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "safety_time_days" integer;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "lead_time_days" integer;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "safety_time_days" integer;--> statement-breakpoint
CREATE INDEX "container_events_container_at_idx" ON "container_events" USING btree ("container_id","at");--> statement-breakpoint
CREATE INDEX "container_forecasts_order_idx" ON "container_forecasts" USING btree ("order_date","container_id") WHERE "container_forecasts"."active";--> statement-breakpoint
CREATE INDEX "container_forecasts_concern_idx" ON "container_forecasts" USING btree ("concern_code","order_date","container_id") WHERE "container_forecasts"."active";--> statement-breakpoint
CREATE INDEX "container_forecasts_branch_idx" ON "container_forecasts" USING btree ("branch_code","order_date","container_id") WHERE "container_forecasts"."active";--> statement-breakpoint
CREATE INDEX "container_forecasts_location_idx" ON "container_forecasts" USING btree ("location_code","order_date","container_id") WHERE "container_forecasts"."active";--> statement-breakpoint
CREATE INDEX "container_forecasts_due_idx" ON "container_forecasts" USING btree ("due_date") WHERE "container_forecasts"."active";--> statement-breakpoint
CREATE INDEX "container_forecasts_concern_due_idx" ON "container_forecasts" USING btree ("concern_code","due_date") WHERE "container_forecasts"."active";