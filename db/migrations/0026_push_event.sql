CREATE TABLE "push_event" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"type" varchar(32) NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "push_event_user_idx" ON "push_event" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "push_event_created_idx" ON "push_event" USING btree ("created_at");