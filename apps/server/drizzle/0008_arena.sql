CREATE TABLE "arena_battles" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"prompt" text NOT NULL,
	"category" text NOT NULL,
	"category_source" text NOT NULL,
	"language" text NOT NULL,
	"model_a" text NOT NULL,
	"model_b" text NOT NULL,
	"name_a" text NOT NULL,
	"name_b" text NOT NULL,
	"answer_a" text NOT NULL,
	"answer_b" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"winner" text,
	"voted_at" timestamp with time zone,
	"voter_address_hash" text,
	"flagged" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "arena_feedback" (
	"user_id" uuid NOT NULL,
	"model_id" text NOT NULL,
	"chat_id" text DEFAULT '' NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "arena_feedback_user_id_model_id_chat_id_pk" PRIMARY KEY("user_id","model_id","chat_id")
);
--> statement-breakpoint
ALTER TABLE "arena_battles" ADD CONSTRAINT "arena_battles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "arena_feedback" ADD CONSTRAINT "arena_feedback_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "arena_battles_pair_idx" ON "arena_battles" USING btree ("model_a","model_b");--> statement-breakpoint
CREATE INDEX "arena_battles_user_voted_idx" ON "arena_battles" USING btree ("user_id","voted_at");--> statement-breakpoint
CREATE INDEX "arena_battles_address_voted_idx" ON "arena_battles" USING btree ("voter_address_hash","voted_at");--> statement-breakpoint
CREATE INDEX "arena_battles_voted_idx" ON "arena_battles" USING btree ("voted_at");--> statement-breakpoint
CREATE INDEX "arena_feedback_model_idx" ON "arena_feedback" USING btree ("model_id");
