ALTER TABLE "export_jobs" ADD COLUMN "language" text DEFAULT 'de' NOT NULL;--> statement-breakpoint
ALTER TABLE "images" ADD COLUMN "thumbnail_file_id" text;--> statement-breakpoint
ALTER TABLE "images" ADD CONSTRAINT "images_thumbnail_file_id_files_id_fk" FOREIGN KEY ("thumbnail_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;