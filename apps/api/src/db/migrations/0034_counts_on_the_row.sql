ALTER TABLE "posts" ADD COLUMN "like_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "comment_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "films" ADD COLUMN "like_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "films" ADD COLUMN "comment_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "posts" p SET
  "like_count" = (SELECT count(*) FROM "likes" l WHERE l."post_id" = p."id"),
  "comment_count" = (SELECT count(*) FROM "comments" c WHERE c."post_id" = p."id" AND c."hidden_at" IS NULL);--> statement-breakpoint
UPDATE "films" f SET
  "like_count" = (SELECT count(*) FROM "likes" l WHERE l."film_id" = f."id"),
  "comment_count" = (SELECT count(*) FROM "comments" c WHERE c."film_id" = f."id" AND c."hidden_at" IS NULL);--> statement-breakpoint
-- A film's or a post's likes and visible comments, kept on its row by every write to likes and
-- comments, whatever the path (a route, a cascade, a seed): docs/decisions/077-counts-on-the-row.md.
CREATE FUNCTION "count_on_target"(target_film bigint, target_post bigint, like_delta integer, comment_delta integer) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF target_film IS NOT NULL THEN
    UPDATE "films" SET "like_count" = "like_count" + like_delta, "comment_count" = "comment_count" + comment_delta WHERE "id" = target_film;
  ELSIF target_post IS NOT NULL THEN
    UPDATE "posts" SET "like_count" = "like_count" + like_delta, "comment_count" = "comment_count" + comment_delta WHERE "id" = target_post;
  END IF;
END $$;--> statement-breakpoint
CREATE FUNCTION "likes_count_on_target"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "count_on_target"(NEW."film_id", NEW."post_id", 1, 0);
  ELSE
    PERFORM "count_on_target"(OLD."film_id", OLD."post_id", -1, 0);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "comments_count_on_target"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD."hidden_at" IS NULL THEN
    PERFORM "count_on_target"(OLD."film_id", OLD."post_id", 0, -1);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW."hidden_at" IS NULL THEN
    PERFORM "count_on_target"(NEW."film_id", NEW."post_id", 0, 1);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "likes_count_on_target" AFTER INSERT OR DELETE ON "likes"
  FOR EACH ROW EXECUTE FUNCTION "likes_count_on_target"();--> statement-breakpoint
CREATE TRIGGER "comments_count_on_target" AFTER INSERT OR DELETE ON "comments"
  FOR EACH ROW EXECUTE FUNCTION "comments_count_on_target"();--> statement-breakpoint
CREATE TRIGGER "comments_count_on_target_moved" AFTER UPDATE OF "hidden_at", "film_id", "post_id" ON "comments"
  FOR EACH ROW WHEN (OLD."hidden_at" IS DISTINCT FROM NEW."hidden_at" OR OLD."film_id" IS DISTINCT FROM NEW."film_id" OR OLD."post_id" IS DISTINCT FROM NEW."post_id")
  EXECUTE FUNCTION "comments_count_on_target"();
