CREATE TABLE "outbox_message" (
	"id" serial PRIMARY KEY NOT NULL,
	"channel" varchar(32) NOT NULL,
	"key" varchar(200) NOT NULL,
	"summary" varchar(200) NOT NULL,
	"payload" text NOT NULL,
	"status" varchar(16) DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"last_error" varchar(500),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone,
	CONSTRAINT "outbox_message_key_unique" UNIQUE("key"),
	CONSTRAINT "outbox_message_status_chk" CHECK ("outbox_message"."status" in ('pending', 'sending', 'delivered', 'failed', 'waiting')),
	CONSTRAINT "outbox_message_attempts_chk" CHECK ("outbox_message"."attempts" >= 0 and "outbox_message"."max_attempts" >= 1)
);
--> statement-breakpoint
CREATE INDEX "outbox_message_due_idx" ON "outbox_message" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "outbox_message_created_idx" ON "outbox_message" USING btree ("created_at");