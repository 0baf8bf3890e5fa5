CREATE TABLE "login_log_archive" (
	"id" integer PRIMARY KEY NOT NULL,
	"user_id" integer,
	"account" varchar(64) NOT NULL,
	"kind" varchar(16) NOT NULL,
	"message" varchar(200),
	"ip" varchar(64),
	"user_agent" varchar(300),
	"created_at" timestamp with time zone NOT NULL,
	"prev_hash" varchar(64),
	"hash" varchar(64),
	"archived_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_chain_state" (
	"table_name" varchar(64) PRIMARY KEY NOT NULL,
	"verified_id" bigint,
	"verified_hash" varchar(64),
	"verified_at" timestamp with time zone,
	"broken_id" bigint,
	"broken_reason" varchar(200),
	"broken_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "operation_log_archive" (
	"id" bigint PRIMARY KEY NOT NULL,
	"user_id" integer,
	"account" varchar(64) NOT NULL,
	"user_name" varchar(64),
	"city_id" integer,
	"ip" varchar(64),
	"endpoint" varchar(160) NOT NULL,
	"operation" varchar(300) NOT NULL,
	"module" varchar(64) NOT NULL,
	"request_id" varchar(64) NOT NULL,
	"input" jsonb,
	"changes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"entity" varchar(64),
	"entity_id" varchar(64),
	"detail" varchar(500),
	"created_at" timestamp with time zone NOT NULL,
	"prev_hash" varchar(64),
	"hash" varchar(64),
	"archived_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "login_log" ADD COLUMN "prev_hash" varchar(64);--> statement-breakpoint
ALTER TABLE "login_log" ADD COLUMN "hash" varchar(64);--> statement-breakpoint
ALTER TABLE "operation_log" ADD COLUMN "prev_hash" varchar(64);--> statement-breakpoint
ALTER TABLE "operation_log" ADD COLUMN "hash" varchar(64);--> statement-breakpoint
CREATE INDEX "login_log_archive_created_idx" ON "login_log_archive" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "operation_log_archive_created_idx" ON "operation_log_archive" USING btree ("created_at");--> statement-breakpoint
-- 登录日志不再到期删除，改由 auditLog.archive 归档（已有库里的旧任务行去掉，执行记录随之删除）
DELETE FROM "schedule_job" WHERE "code" = 'loginLog.purge';
