-- Issue 24: a battle's language is the language of its question as the answers read it (the
-- contracts' detectQuestionLanguage, romanised Hindi counted as Hindi), one of Sangam's eleven
-- languages. Battles stored before were labelled by their script alone (Latin as English, Devanagari as
-- Hindi, and other scripts such as Arabic, Han or none at all by codes of their own).
-- A label that the new rule gives for certain is kept: a script used by one language only (Bengali,
-- Tamil, Telugu, Kannada, Malayalam, Gujarati, Gurmukhi, Odia) had the most letters, so it also has the
-- most Indian letters. Every other label becomes NULL, not English: an old "en" may be romanised Hindi
-- or an English question quoting Tamil words, an old "hi" may be Marathi, and a wrong label would count
-- the vote in another language's ranking. A NULL battle still counts in every category's ranking of all
-- languages, and in no single language's.
ALTER TABLE "arena_battles" ALTER COLUMN "language" DROP NOT NULL;--> statement-breakpoint
UPDATE "arena_battles" SET "language" = NULL WHERE "language" NOT IN ('bn', 'ta', 'te', 'kn', 'ml', 'gu', 'pa', 'or');
