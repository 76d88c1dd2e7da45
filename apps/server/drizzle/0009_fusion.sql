ALTER TABLE "messages" ADD COLUMN "analysis" jsonb;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "cost" jsonb;
