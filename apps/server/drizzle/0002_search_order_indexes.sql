DROP INDEX "containers_branch_idx";--> statement-breakpoint
DROP INDEX "containers_concern_idx";--> statement-breakpoint
CREATE INDEX "containers_branch_idx" ON "containers" USING btree ("branch_code","place_code");--> statement-breakpoint
CREATE INDEX "containers_concern_idx" ON "containers" USING btree ("concern_code","place_code");