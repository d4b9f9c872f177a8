ALTER TABLE "racks" ADD COLUMN "last_handled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "racks" ADD COLUMN "last_handled_by" text;--> statement-breakpoint
ALTER TABLE "review_requests" ADD COLUMN "rack_code" text;--> statement-breakpoint
ALTER TABLE "review_requests" ADD COLUMN "photo_file_id" text;--> statement-breakpoint
ALTER TABLE "review_requests" ADD CONSTRAINT "review_requests_photo_file_id_files_id_fk" FOREIGN KEY ("photo_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "review_requests_rack_idx" ON "review_requests" USING btree ("rack_code");