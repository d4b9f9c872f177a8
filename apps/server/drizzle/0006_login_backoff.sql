-- Sign-in throttling keys change from per-username/per-IP locks to (address, username) and address
-- back-offs: the old counters mean nothing to the new rule and are transient, so they are dropped.
DELETE FROM "login_attempts";--> statement-breakpoint
ALTER TABLE "login_attempts" ADD COLUMN "last_failure_at" timestamp with time zone NOT NULL;--> statement-breakpoint
ALTER TABLE "login_attempts" ADD COLUMN "refused" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "login_attempts_last_failure_idx" ON "login_attempts" USING btree ("last_failure_at");
