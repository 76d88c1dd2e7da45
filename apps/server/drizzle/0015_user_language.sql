-- Issue 24: the user's languages. `locale` is the interface language chosen while signed in (null
-- until one is chosen), so it follows the user to another device; `answer_language` is "Answer in":
-- 'same' (the question's language) or one fixed locale.
ALTER TABLE "users" ADD COLUMN "locale" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "answer_language" text DEFAULT 'same' NOT NULL;
