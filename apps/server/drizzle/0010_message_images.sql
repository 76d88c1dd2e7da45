CREATE TABLE "message_images" (
	"message_id" uuid PRIMARY KEY NOT NULL REFERENCES "messages"("id") ON DELETE CASCADE,
	"media_type" text NOT NULL,
	"data" bytea NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
