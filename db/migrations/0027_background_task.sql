CREATE TABLE "background_task" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" varchar(64) NOT NULL,
	"title" varchar(200) NOT NULL,
	"status" varchar(16) DEFAULT 'queued' NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"input" jsonb NOT NULL,
	"result" jsonb,
	"file_key" varchar(200),
	"file_ext" varchar(8),
	"file_size" bigint,
	"error" text,
	"instance" varchar(128),
	"attempts" integer DEFAULT 0 NOT NULL,
	"heartbeat_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "background_task_status_chk" CHECK ("background_task"."status" in ('queued', 'running', 'done', 'failed', 'cancelled')),
	CONSTRAINT "background_task_progress_chk" CHECK ("background_task"."done" >= 0 and "background_task"."total" >= 0)
);
--> statement-breakpoint
CREATE INDEX "background_task_user_idx" ON "background_task" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "background_task_status_idx" ON "background_task" USING btree ("status","id");