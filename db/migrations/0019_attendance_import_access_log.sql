CREATE TABLE "train_attendance_import" (
	"id" serial PRIMARY KEY NOT NULL,
	"class_id" integer NOT NULL,
	"org_id" integer NOT NULL,
	"city_id" integer,
	"file_name" varchar(200) NOT NULL,
	"file_url" varchar(300) NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"warning_count" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "train_attendance_import_status_chk" CHECK ("train_attendance_import"."status" in (0, 1, 2))
);
--> statement-breakpoint
CREATE TABLE "data_access_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"account" varchar(64) NOT NULL,
	"user_name" varchar(64),
	"city_id" integer,
	"org_id" integer,
	"ip" varchar(64),
	"resource" varchar(64) NOT NULL,
	"action" varchar(16) NOT NULL,
	"entity" varchar(64) NOT NULL,
	"entity_id" integer NOT NULL,
	"detail" varchar(300) NOT NULL,
	"record_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"record_count" integer DEFAULT 0 NOT NULL,
	"reason" varchar(32) NOT NULL,
	"reason_note" varchar(200),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "data_access_log_action_chk" CHECK ("data_access_log"."action" in ('view', 'export'))
);
--> statement-breakpoint
ALTER TABLE "train_attendance_import" ADD CONSTRAINT "train_attendance_import_class_id_train_class_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."train_class"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "train_attendance_import_class_idx" ON "train_attendance_import" USING btree ("class_id","status");--> statement-breakpoint
CREATE INDEX "data_access_log_time_idx" ON "data_access_log" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "data_access_log_user_idx" ON "data_access_log" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "data_access_log_city_idx" ON "data_access_log" USING btree ("city_id","id");--> statement-breakpoint
CREATE INDEX "data_access_log_entity_idx" ON "data_access_log" USING btree ("entity","entity_id");