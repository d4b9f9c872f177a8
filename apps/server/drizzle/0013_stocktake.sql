CREATE TABLE "stocktake_expected" (
	"stocktake_id" text NOT NULL,
	"container_id" text NOT NULL,
	CONSTRAINT "stocktake_expected_stocktake_id_container_id_pk" PRIMARY KEY("stocktake_id","container_id")
);
--> statement-breakpoint
CREATE TABLE "stocktake_scans" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"stocktake_id" text NOT NULL,
	"key" text NOT NULL,
	"scanned" text NOT NULL,
	"container_id" text,
	"outcome" text NOT NULL,
	"scanned_by" text NOT NULL,
	"scanned_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"undone_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "stocktakes" (
	"id" text PRIMARY KEY NOT NULL,
	"location_code" text NOT NULL,
	"rack_code" text,
	"state" text NOT NULL,
	"started_by" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_by" text,
	"finished_at" timestamp with time zone,
	"inventory_list_id" text
);
--> statement-breakpoint
ALTER TABLE "stocktake_expected" ADD CONSTRAINT "stocktake_expected_stocktake_id_stocktakes_id_fk" FOREIGN KEY ("stocktake_id") REFERENCES "public"."stocktakes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stocktake_scans" ADD CONSTRAINT "stocktake_scans_stocktake_id_stocktakes_id_fk" FOREIGN KEY ("stocktake_id") REFERENCES "public"."stocktakes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stocktakes" ADD CONSTRAINT "stocktakes_location_code_locations_code_fk" FOREIGN KEY ("location_code") REFERENCES "public"."locations"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stocktakes" ADD CONSTRAINT "stocktakes_inventory_list_id_inventory_lists_id_fk" FOREIGN KEY ("inventory_list_id") REFERENCES "public"."inventory_lists"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "stocktake_scans_key_idx" ON "stocktake_scans" USING btree ("stocktake_id","key");--> statement-breakpoint
CREATE INDEX "stocktakes_location_idx" ON "stocktakes" USING btree ("location_code","started_at");