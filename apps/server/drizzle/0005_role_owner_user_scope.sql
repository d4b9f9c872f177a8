ALTER TABLE "roles" ADD COLUMN "concern_code" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "roles" ADD CONSTRAINT "roles_concern_code_concerns_code_fk" FOREIGN KEY ("concern_code") REFERENCES "public"."concerns"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "roles_concern_idx" ON "roles" USING btree ("concern_code");--> statement-breakpoint
-- Data (hand-written below drizzle-kit's statements; what it does and why: 0005_role_owner_user_scope.md beside this file).
-- 1. Roles get an owner. Built-in roles stay global (concern_code null). Any other role gets the concern of
--    the user who made it (the protocol's first 'create' entry of the role, matched by username) when that
--    user is a customer user (no unrestricted scope, no employee link) whose scope lies in exactly one
--    concern. Made by internal staff, by a user spread over several concerns, or by someone unknown: global.
WITH creator AS (
  SELECT DISTINCT ON (p.object_id) p.object_id AS role_id, u.id AS user_id
  FROM "protocol" p
  JOIN "users" u ON lower(u.username) = lower(p.username)
  WHERE p.type = 'create' AND p.object_type = 'role' AND NOT u.scope_all AND u.employee_key IS NULL
  ORDER BY p.object_id, p.seq
),
reach AS (
  SELECT s.user_id, coalesce(c.code, b.concern_code, l.concern_code) AS concern_code
  FROM "user_scope" s
  LEFT JOIN "concerns" c ON s.kind = 'concern' AND c.code = s.code
  LEFT JOIN "branches" b ON s.kind = 'branch' AND b.code = s.code
  LEFT JOIN "locations" l ON s.kind = 'location' AND l.code = s.code
),
single AS (
  SELECT user_id, min(concern_code) AS concern_code
  FROM reach WHERE concern_code IS NOT NULL
  GROUP BY user_id HAVING count(DISTINCT concern_code) = 1
)
UPDATE "roles" r SET concern_code = single.concern_code
FROM creator JOIN single ON single.user_id = creator.user_id
WHERE r.id = creator.role_id AND NOT r.built_in;
--> statement-breakpoint
INSERT INTO "protocol" (id, at, username, type, object_type, object_id, concern_code, summary, after)
SELECT 'MIG0005-' || r.id, now(), NULL, 'update', 'role', r.id, r.concern_code,
       'role ' || r.rolename || ' owned by concern ' || r.concern_code || ' (migration 0005: the concern of its creator)',
       jsonb_build_object('concernCode', r.concern_code)
FROM "roles" r WHERE r.concern_code IS NOT NULL;
--> statement-breakpoint
-- 2. Customer users (no unrestricted scope, no employee link) without any scope entry were inside every
--    scope. Each gets the scope of the user who created it (the protocol's first 'create' entry of the user)
--    when that creator is a customer user whose scope lies in exactly one concern: for a concern's admin that
--    is its concern; a branch-level admin's user gets its branches, so the creator still administers it and
--    the user sees no more than its creator.
WITH empty AS (
  SELECT u.id FROM "users" u
  WHERE NOT u.scope_all AND u.employee_key IS NULL
    AND NOT EXISTS (SELECT 1 FROM "user_scope" s WHERE s.user_id = u.id)
),
creator AS (
  SELECT DISTINCT ON (p.object_id) p.object_id AS user_id, cu.id AS creator_id
  FROM "protocol" p
  JOIN "users" cu ON lower(cu.username) = lower(p.username)
  WHERE p.type = 'create' AND p.object_type = 'user' AND p.object_id IN (SELECT id FROM empty)
    AND NOT cu.scope_all AND cu.employee_key IS NULL
  ORDER BY p.object_id, p.seq
),
reach AS (
  SELECT s.user_id, coalesce(c.code, b.concern_code, l.concern_code) AS concern_code
  FROM "user_scope" s
  LEFT JOIN "concerns" c ON s.kind = 'concern' AND c.code = s.code
  LEFT JOIN "branches" b ON s.kind = 'branch' AND b.code = s.code
  LEFT JOIN "locations" l ON s.kind = 'location' AND l.code = s.code
),
single AS (
  SELECT user_id FROM reach WHERE concern_code IS NOT NULL
  GROUP BY user_id HAVING count(DISTINCT concern_code) = 1
),
given AS (
  INSERT INTO "user_scope" (user_id, kind, code)
  SELECT creator.user_id, s.kind, s.code
  FROM creator
  JOIN single ON single.user_id = creator.creator_id
  JOIN "user_scope" s ON s.user_id = creator.creator_id
  RETURNING user_id, kind, code
)
INSERT INTO "protocol" (id, at, username, type, object_type, object_id, summary, after)
SELECT 'MIG0005-' || u.id, now(), NULL, 'update', 'user', u.id,
       'user ' || u.username || ' given the scope of its creator (migration 0005: it had none)',
       jsonb_build_object('scope', g.entries)
FROM (SELECT user_id, jsonb_agg(jsonb_build_object('kind', kind, 'code', code) ORDER BY kind, code) AS entries
      FROM given GROUP BY user_id) g
JOIN "users" u ON u.id = g.user_id;
--> statement-breakpoint
-- 3. Customer users still without a scope (created by internal staff, or the creator is unknown) are
--    deactivated rather than left open: they cannot sign in, their sessions end, and only an unrestricted
--    administrator sees them; saving one with a scope reactivates it.
WITH off AS (
  UPDATE "users" u SET active = false
  WHERE NOT u.scope_all AND u.employee_key IS NULL
    AND NOT EXISTS (SELECT 1 FROM "user_scope" s WHERE s.user_id = u.id)
  RETURNING u.id, u.username
),
ended AS (
  DELETE FROM "sessions" WHERE user_id IN (SELECT id FROM off) RETURNING user_id
)
INSERT INTO "protocol" (id, at, username, type, object_type, object_id, summary, after)
SELECT 'MIG0005-' || off.id, now(), NULL, 'update', 'user', off.id,
       'user ' || off.username || ' deactivated (migration 0005: no scope, and no customer creator to take one from)',
       jsonb_build_object('active', false, 'sessionsEnded', (SELECT count(*) FROM ended WHERE ended.user_id = off.id))
FROM off;
