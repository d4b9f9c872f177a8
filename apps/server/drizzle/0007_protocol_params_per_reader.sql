ALTER TABLE "protocol" ADD COLUMN "params" jsonb;--> statement-breakpoint
ALTER TABLE "review_requests" ADD COLUMN "article_name" text;--> statement-breakpoint
-- Requests name their container's article for readers without the container code field.
UPDATE "review_requests" AS r SET "article_name" = c."article_name"
FROM "containers" AS c
WHERE c."id" = r."container_id" AND r."article_name" IS NULL;--> statement-breakpoint
-- A filling quantity change keeps the asked quantity as `fillingQuantity` (it was `factor`, which an
-- additional order uses for packaging units): one field permission guards it, whatever the type.
UPDATE "review_requests"
SET "payload" = ("payload" - 'factor') || jsonb_build_object('fillingQuantity', "payload"->'factor')
WHERE "type" = 'changequantity' AND "payload"->'factor' IS NOT NULL;--> statement-breakpoint
UPDATE "protocol"
SET "after" = ("after" - 'factor') || jsonb_build_object('fillingQuantity', "after"->'factor')
WHERE "type" = 'request' AND "after"->>'type' = 'changequantity' AND "after"->'factor' IS NOT NULL;--> statement-breakpoint
-- Summaries become templates rendered per reader: "scan requested for KB-0000022" becomes
-- "{reviewType} requested for {container}" with the container (code, article) as a parameter.
-- Summaries that match no pattern stay as they were (plain text, no container in them).
UPDATE "protocol" AS p
SET "summary" = s."kind" || ' requested for {container}',
    "params" = jsonb_build_object(
      'values', jsonb_build_object('reviewType', s."kind"),
      'container', jsonb_strip_nulls(jsonb_build_object(
        'id', coalesce(s."container_id", CASE WHEN p."object_type" = 'container' THEN p."object_id" END, ''),
        'code', s."code",
        'articleName', s."article_name",
        'articleCode', s."article_code")))
FROM (
  SELECT q."seq", m.parts[1] AS "kind", m.parts[2] AS "code",
         c."id" AS "container_id", c."article_name", c."article_code"
  FROM "protocol" AS q
  CROSS JOIN LATERAL regexp_match(q."summary", '^([a-z]+) requested for (.+)$') AS m(parts)
  LEFT JOIN "containers" AS c ON c."code" = m.parts[2] AND c."location_code" = q."location_code"
  WHERE q."type" = 'request' AND q."params" IS NULL AND m.parts IS NOT NULL
) AS s
WHERE p."seq" = s."seq";--> statement-breakpoint
UPDATE "protocol" AS p
SET "summary" = s."kind" || ' for {container} ' || s."state",
    "params" = jsonb_build_object(
      'values', jsonb_build_object('reviewType', s."kind", 'state', s."state"),
      'container', jsonb_strip_nulls(jsonb_build_object(
        'id', coalesce(s."container_id", CASE WHEN p."object_type" = 'container' THEN p."object_id" END, ''),
        'code', s."code",
        'articleName', s."article_name",
        'articleCode', s."article_code")))
FROM (
  SELECT q."seq", m.parts[1] AS "kind", m.parts[2] AS "code", m.parts[3] AS "state",
         c."id" AS "container_id", c."article_name", c."article_code"
  FROM "protocol" AS q
  CROSS JOIN LATERAL regexp_match(q."summary", '^([a-z]+) for (.+) (approved|rejected)$') AS m(parts)
  LEFT JOIN "containers" AS c ON c."code" = m.parts[2] AND c."location_code" = q."location_code"
  WHERE q."type" IN ('review_approved', 'review_rejected') AND q."params" IS NULL AND m.parts IS NOT NULL
) AS s
WHERE p."seq" = s."seq";--> statement-breakpoint
-- A rack order change was keyed by rack code; it becomes the order as a list under `rackCodes`, a
-- key the rack code field permission guards.
UPDATE "protocol"
SET "before" = CASE WHEN "before" IS NULL THEN NULL ELSE jsonb_build_object('rackCodes', (
      SELECT coalesce(jsonb_agg(e."key" ORDER BY e."value"::numeric, e."key"), '[]'::jsonb)
      FROM jsonb_each_text("before") AS e)) END,
    "after" = CASE WHEN "after" IS NULL THEN NULL ELSE jsonb_build_object('rackCodes', (
      SELECT coalesce(jsonb_agg(e."key" ORDER BY e."value"::numeric, e."key"), '[]'::jsonb)
      FROM jsonb_each_text("after") AS e)) END
WHERE "object_type" = 'rackLayout' AND coalesce("after", "before") IS NOT NULL
  AND ("after"->'rackCodes') IS NULL AND ("before"->'rackCodes') IS NULL;
