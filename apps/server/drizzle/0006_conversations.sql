ALTER TABLE "conversations" ADD COLUMN "continue_with" text;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "active_leaf_id" uuid;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "share_id" text;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "shared_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "share_snapshot" jsonb;--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_share_idx" ON "conversations" USING btree ("share_id");--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "parent_id" uuid;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "status" text DEFAULT 'done' NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "mode" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "refined_prompt" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "facts" jsonb;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "answers" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "request_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "messages_request_idx" ON "messages" USING btree ("conversation_id","role","request_id");--> statement-breakpoint
CREATE INDEX "messages_parent_idx" ON "messages" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "messages_search_idx" ON "messages" USING gin (to_tsvector('simple', "content"));--> statement-breakpoint
CREATE INDEX "conversations_search_idx" ON "conversations" USING gin (to_tsvector('simple', "title"));--> statement-breakpoint
UPDATE "messages" AS m SET "parent_id" = p."prev" FROM (SELECT "id", lag("id") OVER (PARTITION BY "conversation_id" ORDER BY "created_at", "id") AS "prev" FROM "messages") AS p WHERE m."id" = p."id";--> statement-breakpoint
UPDATE "conversations" AS c SET "active_leaf_id" = (SELECT "id" FROM "messages" m WHERE m."conversation_id" = c."id" ORDER BY "created_at" DESC, "id" DESC LIMIT 1);
