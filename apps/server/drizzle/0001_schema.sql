CREATE TABLE "appointments" (
	"id" text PRIMARY KEY NOT NULL,
	"location_code" text NOT NULL,
	"title" text NOT NULL,
	"start_date" timestamp with time zone NOT NULL,
	"end_date" timestamp with time zone NOT NULL,
	"appointment_type" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "articles" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"customer_part_number" text NOT NULL,
	"certificate" text,
	"image" text,
	"drawing" text
);
--> statement-breakpoint
CREATE TABLE "barcode_lists" (
	"id" text PRIMARY KEY NOT NULL,
	"location_code" text NOT NULL,
	"file_id" text NOT NULL,
	"filename" text NOT NULL,
	"uploaded_at" timestamp with time zone NOT NULL,
	"uploaded_by" text NOT NULL,
	"row_count" integer NOT NULL,
	"invalid_count" integer NOT NULL,
	"duplicate_of" text,
	"fingerprint" text NOT NULL,
	"rows" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "branch_maps" (
	"branch_code" text PRIMARY KEY NOT NULL,
	"file_id" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "branches" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"concern_code" text NOT NULL,
	"in_house_staff_employee_key" text,
	"field_service_employee_key" text
);
--> statement-breakpoint
CREATE TABLE "concerns" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"in_house_staff_employee_key" text,
	"field_service_employee_key" text
);
--> statement-breakpoint
CREATE TABLE "containers" (
	"id" text PRIMARY KEY NOT NULL,
	"concern_code" text NOT NULL,
	"branch_code" text NOT NULL,
	"location_code" text NOT NULL,
	"active" boolean NOT NULL,
	"alarming" boolean NOT NULL,
	"code" text NOT NULL,
	"place_code" text NOT NULL,
	"shelf_code" text NOT NULL,
	"rack_code" text NOT NULL,
	"error" text,
	"weight" double precision NOT NULL,
	"delivery_status" text NOT NULL,
	"reach_in_weeks" double precision NOT NULL,
	"consumption" double precision NOT NULL,
	"annual_consumption" double precision NOT NULL,
	"stock_turn_rate" double precision NOT NULL,
	"customer_part_number" text NOT NULL,
	"position" integer NOT NULL,
	"number_of_scans" integer NOT NULL,
	"obligatory" boolean NOT NULL,
	"delivery_note_date" date,
	"delivery_note_number" text,
	"picture" text,
	"expected_delivery_date" date,
	"filling_quantity" double precision NOT NULL,
	"price" double precision NOT NULL,
	"packaging_unit" text NOT NULL,
	"last_scanned_date" timestamp with time zone,
	"container_type" text NOT NULL,
	"width" double precision NOT NULL,
	"charge" text,
	"order_number" text,
	"article_certificate" text,
	"article_name" text NOT NULL,
	"article_code" text NOT NULL,
	"sticker" text,
	"document" text,
	"storage_coordinate" text,
	"storage_description" text,
	"barcode" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"id" text PRIMARY KEY NOT NULL,
	"container_id" text,
	"article_code" text,
	"title" text NOT NULL,
	"file_id" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "employees" (
	"key" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"firstname" text NOT NULL,
	"lastname" text NOT NULL,
	"full_name" text NOT NULL,
	"email" text,
	"phone" text,
	"username" text
);
--> statement-breakpoint
CREATE TABLE "export_jobs" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_user_id" text NOT NULL,
	"kind" text NOT NULL,
	"scope_code" text NOT NULL,
	"scope_name" text NOT NULL,
	"state" text NOT NULL,
	"filename" text NOT NULL,
	"request" jsonb NOT NULL,
	"row_count" integer,
	"size" integer,
	"file_id" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone,
	"heartbeat_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" text PRIMARY KEY NOT NULL,
	"filename" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"content" "bytea" NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "images" (
	"id" text PRIMARY KEY NOT NULL,
	"location_code" text NOT NULL,
	"file_id" text NOT NULL,
	"filename" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"width" integer,
	"height" integer,
	"uploaded_at" timestamp with time zone NOT NULL,
	"uploaded_by" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inventory_list_rows" (
	"list_id" text NOT NULL,
	"line" integer NOT NULL,
	"barcode" text NOT NULL,
	"quantity" double precision,
	"container_id" text,
	"errors" jsonb NOT NULL,
	CONSTRAINT "inventory_list_rows_list_id_line_pk" PRIMARY KEY("list_id","line")
);
--> statement-breakpoint
CREATE TABLE "inventory_lists" (
	"id" text PRIMARY KEY NOT NULL,
	"location_code" text NOT NULL,
	"file_id" text NOT NULL,
	"filename" text NOT NULL,
	"uploaded_at" timestamp with time zone NOT NULL,
	"uploaded_by" text NOT NULL,
	"row_count" integer NOT NULL,
	"error_count" integer NOT NULL,
	"state" text NOT NULL,
	"review_request_id" text,
	"fingerprint" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "location_positions" (
	"branch_code" text NOT NULL,
	"location_code" text NOT NULL,
	"x" double precision NOT NULL,
	"y" double precision NOT NULL,
	CONSTRAINT "location_positions_branch_code_location_code_pk" PRIMARY KEY("branch_code","location_code")
);
--> statement-breakpoint
CREATE TABLE "locations" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"branch_code" text NOT NULL,
	"concern_code" text NOT NULL,
	"in_house_staff_employee_key" text,
	"field_service_employee_key" text,
	"address" text
);
--> statement-breakpoint
CREATE TABLE "login_attempts" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "places" (
	"code" text PRIMARY KEY NOT NULL,
	"shelf_code" text NOT NULL,
	"rack_code" text NOT NULL,
	"location_code" text NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "protocol" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"id" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"username" text,
	"type" text NOT NULL,
	"object_type" text,
	"object_id" text,
	"location_code" text,
	"concern_code" text,
	"branch_code" text,
	"summary" text NOT NULL,
	"before" jsonb,
	"after" jsonb
);
--> statement-breakpoint
CREATE TABLE "racks" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"location_code" text NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "review_requests" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"state" text NOT NULL,
	"container_id" text,
	"container_code" text,
	"location_code" text NOT NULL,
	"location_name" text NOT NULL,
	"concern_code" text NOT NULL,
	"branch_code" text NOT NULL,
	"requested_by" text NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"assignee_key" text,
	"payload" jsonb NOT NULL,
	"reviewed_by" text,
	"reviewed_at" timestamp with time zone,
	"comment" text
);
--> statement-breakpoint
CREATE TABLE "role_permissions" (
	"role_id" text NOT NULL,
	"code" text NOT NULL,
	CONSTRAINT "role_permissions_role_id_code_pk" PRIMARY KEY("role_id","code")
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"id" text PRIMARY KEY NOT NULL,
	"rolename" text NOT NULL,
	"firstname" text,
	"lastname" text,
	"region" text,
	"built_in" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"impersonated_by" text,
	"created_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shelves" (
	"code" text PRIMARY KEY NOT NULL,
	"rack_code" text NOT NULL,
	"location_code" text NOT NULL,
	"position" integer NOT NULL,
	"place_count" integer NOT NULL,
	"container_type" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_permissions" (
	"user_id" text NOT NULL,
	"code" text NOT NULL,
	CONSTRAINT "user_permissions_user_id_code_pk" PRIMARY KEY("user_id","code")
);
--> statement-breakpoint
CREATE TABLE "user_roles" (
	"user_id" text NOT NULL,
	"role_id" text NOT NULL,
	CONSTRAINT "user_roles_user_id_role_id_pk" PRIMARY KEY("user_id","role_id")
);
--> statement-breakpoint
CREATE TABLE "user_scope" (
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"code" text NOT NULL,
	CONSTRAINT "user_scope_user_id_kind_code_pk" PRIMARY KEY("user_id","kind","code")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"password_hash" text NOT NULL,
	"firstname" text NOT NULL,
	"lastname" text NOT NULL,
	"email" text,
	"phone" text,
	"region" text,
	"use_region" boolean DEFAULT false NOT NULL,
	"language" text DEFAULT 'de' NOT NULL,
	"session_timeout_minutes" integer DEFAULT 60 NOT NULL,
	"employee_key" text,
	"scope_all" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_login" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_location_code_locations_code_fk" FOREIGN KEY ("location_code") REFERENCES "public"."locations"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "barcode_lists" ADD CONSTRAINT "barcode_lists_location_code_locations_code_fk" FOREIGN KEY ("location_code") REFERENCES "public"."locations"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "barcode_lists" ADD CONSTRAINT "barcode_lists_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "branch_maps" ADD CONSTRAINT "branch_maps_branch_code_branches_code_fk" FOREIGN KEY ("branch_code") REFERENCES "public"."branches"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "branch_maps" ADD CONSTRAINT "branch_maps_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "branches" ADD CONSTRAINT "branches_concern_code_concerns_code_fk" FOREIGN KEY ("concern_code") REFERENCES "public"."concerns"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "containers" ADD CONSTRAINT "containers_location_code_locations_code_fk" FOREIGN KEY ("location_code") REFERENCES "public"."locations"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "export_jobs" ADD CONSTRAINT "export_jobs_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "export_jobs" ADD CONSTRAINT "export_jobs_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "images" ADD CONSTRAINT "images_location_code_locations_code_fk" FOREIGN KEY ("location_code") REFERENCES "public"."locations"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "images" ADD CONSTRAINT "images_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_list_rows" ADD CONSTRAINT "inventory_list_rows_list_id_inventory_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."inventory_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_lists" ADD CONSTRAINT "inventory_lists_location_code_locations_code_fk" FOREIGN KEY ("location_code") REFERENCES "public"."locations"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_lists" ADD CONSTRAINT "inventory_lists_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_positions" ADD CONSTRAINT "location_positions_branch_code_branches_code_fk" FOREIGN KEY ("branch_code") REFERENCES "public"."branches"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_positions" ADD CONSTRAINT "location_positions_location_code_locations_code_fk" FOREIGN KEY ("location_code") REFERENCES "public"."locations"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_branch_code_branches_code_fk" FOREIGN KEY ("branch_code") REFERENCES "public"."branches"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_concern_code_concerns_code_fk" FOREIGN KEY ("concern_code") REFERENCES "public"."concerns"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "places" ADD CONSTRAINT "places_shelf_code_shelves_code_fk" FOREIGN KEY ("shelf_code") REFERENCES "public"."shelves"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "racks" ADD CONSTRAINT "racks_location_code_locations_code_fk" FOREIGN KEY ("location_code") REFERENCES "public"."locations"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_permissions" ADD CONSTRAINT "role_permissions_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shelves" ADD CONSTRAINT "shelves_rack_code_racks_code_fk" FOREIGN KEY ("rack_code") REFERENCES "public"."racks"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_permissions" ADD CONSTRAINT "user_permissions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_scope" ADD CONSTRAINT "user_scope_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appointments_location_idx" ON "appointments" USING btree ("location_code","start_date");--> statement-breakpoint
CREATE INDEX "articles_name_trgm" ON "articles" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "articles_code_trgm" ON "articles" USING gin ("code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "barcode_lists_location_idx" ON "barcode_lists" USING btree ("location_code","uploaded_at");--> statement-breakpoint
CREATE INDEX "barcode_lists_fingerprint_idx" ON "barcode_lists" USING btree ("location_code","fingerprint");--> statement-breakpoint
CREATE INDEX "branches_concern_idx" ON "branches" USING btree ("concern_code");--> statement-breakpoint
CREATE INDEX "containers_location_idx" ON "containers" USING btree ("location_code","place_code");--> statement-breakpoint
CREATE INDEX "containers_branch_idx" ON "containers" USING btree ("branch_code");--> statement-breakpoint
CREATE INDEX "containers_concern_idx" ON "containers" USING btree ("concern_code");--> statement-breakpoint
CREATE INDEX "containers_article_idx" ON "containers" USING btree ("article_code");--> statement-breakpoint
CREATE UNIQUE INDEX "containers_barcode_idx" ON "containers" USING btree ("barcode");--> statement-breakpoint
CREATE UNIQUE INDEX "containers_place_idx" ON "containers" USING btree ("place_code");--> statement-breakpoint
CREATE INDEX "containers_article_name_trgm" ON "containers" USING gin ("article_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "containers_article_code_trgm" ON "containers" USING gin ("article_code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "containers_code_trgm" ON "containers" USING gin ("code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "containers_barcode_trgm" ON "containers" USING gin ("barcode" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "documents_container_idx" ON "documents" USING btree ("container_id");--> statement-breakpoint
CREATE INDEX "documents_article_idx" ON "documents" USING btree ("article_code");--> statement-breakpoint
CREATE INDEX "export_jobs_state_idx" ON "export_jobs" USING btree ("state","created_at");--> statement-breakpoint
CREATE INDEX "export_jobs_owner_idx" ON "export_jobs" USING btree ("owner_user_id","created_at");--> statement-breakpoint
CREATE INDEX "files_sha256_idx" ON "files" USING btree ("sha256");--> statement-breakpoint
CREATE INDEX "images_location_idx" ON "images" USING btree ("location_code","uploaded_at");--> statement-breakpoint
CREATE INDEX "inventory_lists_location_idx" ON "inventory_lists" USING btree ("location_code","uploaded_at");--> statement-breakpoint
CREATE INDEX "inventory_lists_fingerprint_idx" ON "inventory_lists" USING btree ("location_code","fingerprint");--> statement-breakpoint
CREATE INDEX "locations_branch_idx" ON "locations" USING btree ("branch_code");--> statement-breakpoint
CREATE INDEX "locations_concern_idx" ON "locations" USING btree ("concern_code");--> statement-breakpoint
CREATE INDEX "places_shelf_idx" ON "places" USING btree ("shelf_code","position");--> statement-breakpoint
CREATE INDEX "places_location_idx" ON "places" USING btree ("location_code");--> statement-breakpoint
CREATE UNIQUE INDEX "protocol_id_idx" ON "protocol" USING btree ("id");--> statement-breakpoint
CREATE INDEX "protocol_at_idx" ON "protocol" USING btree ("at");--> statement-breakpoint
CREATE INDEX "protocol_location_idx" ON "protocol" USING btree ("location_code","at");--> statement-breakpoint
CREATE INDEX "racks_location_idx" ON "racks" USING btree ("location_code","position");--> statement-breakpoint
CREATE INDEX "review_requests_state_idx" ON "review_requests" USING btree ("state","requested_at");--> statement-breakpoint
CREATE INDEX "review_requests_container_idx" ON "review_requests" USING btree ("container_id");--> statement-breakpoint
CREATE INDEX "review_requests_location_idx" ON "review_requests" USING btree ("location_code");--> statement-breakpoint
CREATE INDEX "review_requests_requested_by_idx" ON "review_requests" USING btree ("requested_by");--> statement-breakpoint
CREATE UNIQUE INDEX "roles_rolename_idx" ON "roles" USING btree (lower("rolename"));--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "shelves_rack_idx" ON "shelves" USING btree ("rack_code","position");--> statement-breakpoint
CREATE INDEX "shelves_location_idx" ON "shelves" USING btree ("location_code");--> statement-breakpoint
CREATE INDEX "user_roles_role_idx" ON "user_roles" USING btree ("role_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_idx" ON "users" USING btree (lower("username"));