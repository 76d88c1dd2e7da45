CREATE TABLE "revoked_families" (
	"family_id" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "revoked_families_expires_idx" ON "revoked_families" USING btree ("expires_at");
