CREATE TABLE "department_audit" (
	"id" serial PRIMARY KEY NOT NULL,
	"department_id" integer NOT NULL,
	"status" smallint NOT NULL,
	"opinion" varchar(500),
	"auditor_id" integer NOT NULL,
	"auditor_name" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "department" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"code" varchar(32) NOT NULL,
	"name" varchar(64) NOT NULL,
	"leader" varchar(64),
	"phone" varchar(20),
	"sort" integer DEFAULT 0 NOT NULL,
	"remark" varchar(500),
	"area_id" integer NOT NULL,
	"city_id" integer,
	"audit_status" smallint DEFAULT 0 NOT NULL,
	"audit_opinion" varchar(500),
	"audited_by" integer,
	"audited_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "department_audit_status_chk" CHECK ("department"."audit_status" in (0, 1, 2))
);
--> statement-breakpoint
CREATE TABLE "organisation_choice" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"org_id" integer NOT NULL,
	"remark" varchar(64),
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organisation_work" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"work_code" varchar(32) NOT NULL,
	"work_name" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dict_item" (
	"id" serial PRIMARY KEY NOT NULL,
	"type_code" varchar(64) NOT NULL,
	"label" varchar(100) NOT NULL,
	"value" varchar(64) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"remark" varchar(200),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dict_item_status_chk" CHECK ("dict_item"."status" in (0, 1))
);
--> statement-breakpoint
CREATE TABLE "dict_type" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(64) NOT NULL,
	"name" varchar(64) NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"remark" varchar(200),
	"builtin" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dict_type_code_unique" UNIQUE("code"),
	CONSTRAINT "dict_type_status_chk" CHECK ("dict_type"."status" in (0, 1))
);
--> statement-breakpoint
CREATE TABLE "process_rule" (
	"id" serial PRIMARY KEY NOT NULL,
	"process_type" varchar(32) NOT NULL,
	"name" varchar(64) NOT NULL,
	"area_id" integer NOT NULL,
	"city_id" integer,
	"steps" jsonb NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"remark" varchar(200),
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "process_rule_status_chk" CHECK ("process_rule"."status" in (0, 1))
);
--> statement-breakpoint
CREATE TABLE "device" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(32) NOT NULL,
	"name" varchar(64) NOT NULL,
	"type" varchar(16) NOT NULL,
	"org_id" integer NOT NULL,
	"location" varchar(128),
	"ip" varchar(64),
	"status" varchar(16) DEFAULT 'offline' NOT NULL,
	"remark" varchar(300),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "device_code_unique" UNIQUE("code"),
	CONSTRAINT "device_type_chk" CHECK ("device"."type" in ('camera', 'face', 'idReader', 'other')),
	CONSTRAINT "device_status_chk" CHECK ("device"."status" in ('online', 'offline', 'disabled'))
);
--> statement-breakpoint
CREATE TABLE "operation_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
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
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "schedule_job_run" (
	"id" serial PRIMARY KEY NOT NULL,
	"job_id" integer NOT NULL,
	"trigger" varchar(16) NOT NULL,
	"triggered_by" integer,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone NOT NULL,
	"status" varchar(16) NOT NULL,
	"message" varchar(500),
	"rows_affected" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "schedule_job_run_status_chk" CHECK ("schedule_job_run"."status" in ('success', 'failed')),
	CONSTRAINT "schedule_job_run_trigger_chk" CHECK ("schedule_job_run"."trigger" in ('schedule', 'manual'))
);
--> statement-breakpoint
CREATE TABLE "schedule_job" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(64) NOT NULL,
	"name" varchar(64) NOT NULL,
	"description" varchar(300),
	"interval_minutes" integer NOT NULL,
	"retention_days" integer,
	"enabled" boolean DEFAULT true NOT NULL,
	"last_run_at" timestamp with time zone,
	"last_status" varchar(16),
	"last_message" varchar(500),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "schedule_job_code_unique" UNIQUE("code"),
	CONSTRAINT "schedule_job_interval_chk" CHECK ("schedule_job"."interval_minutes" between 1 and 525600),
	CONSTRAINT "schedule_job_retention_chk" CHECK ("schedule_job"."retention_days" is null or "schedule_job"."retention_days" >= 0)
);
--> statement-breakpoint
CREATE TABLE "sys_blacklist" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" varchar(8) NOT NULL,
	"value" varchar(64) NOT NULL,
	"user_id" integer,
	"city_id" integer,
	"reason" varchar(200) NOT NULL,
	"expires_at" timestamp with time zone,
	"created_by" integer,
	"created_by_name" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sys_blacklist_kind_value_uq" UNIQUE("kind","value"),
	CONSTRAINT "sys_blacklist_kind_chk" CHECK ("sys_blacklist"."kind" in ('account', 'ip'))
);
--> statement-breakpoint
CREATE TABLE "portal_contact" (
	"id" serial PRIMARY KEY NOT NULL,
	"department" varchar(64) NOT NULL,
	"phone" varchar(32),
	"email" varchar(128),
	"address" varchar(200),
	"working_hours" varchar(100),
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "portal_contact_department_uq" UNIQUE("department")
);
--> statement-breakpoint
CREATE TABLE "feedback" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"city_id" integer,
	"type" varchar(16) NOT NULL,
	"content" varchar(2000) NOT NULL,
	"contact" varchar(64),
	"reply" varchar(1000),
	"replied_by" integer,
	"replied_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "feedback_type_chk" CHECK ("feedback"."type" in ('suggestion', 'problem', 'complaint'))
);
--> statement-breakpoint
CREATE TABLE "friend_link" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(64) NOT NULL,
	"url" varchar(500) NOT NULL,
	"logo" varchar(500),
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "friend_link_name_uq" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "notice" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" varchar(200) NOT NULL,
	"content" text NOT NULL,
	"category" varchar(16) NOT NULL,
	"status" varchar(10) DEFAULT 'draft' NOT NULL,
	"top" boolean DEFAULT false NOT NULL,
	"published_at" timestamp with time zone,
	"city_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notice_title_uq" UNIQUE("title"),
	CONSTRAINT "notice_status_chk" CHECK ("notice"."status" in ('draft', 'published'))
);
--> statement-breakpoint
CREATE TABLE "opinion_topic" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" varchar(100) NOT NULL,
	"content" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"status" varchar(8) DEFAULT 'draft' NOT NULL,
	"city_id" integer,
	"created_by" integer,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "opinion_topic_status_chk" CHECK ("opinion_topic"."status" in ('draft', 'open', 'closed')),
	CONSTRAINT "opinion_topic_dates_chk" CHECK ("opinion_topic"."end_date" >= "opinion_topic"."start_date")
);
--> statement-breakpoint
CREATE TABLE "opinion" (
	"id" serial PRIMARY KEY NOT NULL,
	"topic_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"content" varchar(2000) NOT NULL,
	"reply" varchar(1000),
	"replied_by" integer,
	"replied_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "opinion_topic_user_uq" UNIQUE("topic_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "base_job_special_skill" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(32) NOT NULL,
	"name" varchar(64) NOT NULL,
	"job_id" integer,
	"description" varchar(500),
	"status" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "base_job_special_skill_code_unique" UNIQUE("code"),
	CONSTRAINT "base_job_special_skill_status_chk" CHECK ("base_job_special_skill"."status" in (0, 1))
);
--> statement-breakpoint
CREATE TABLE "base_job" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(16) NOT NULL,
	"name" varchar(64) NOT NULL,
	"category" smallint NOT NULL,
	"description" varchar(500),
	"status" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "base_job_code_unique" UNIQUE("code"),
	CONSTRAINT "base_job_category_chk" CHECK ("base_job"."category" between 1 and 8),
	CONSTRAINT "base_job_status_chk" CHECK ("base_job"."status" in (0, 1))
);
--> statement-breakpoint
CREATE TABLE "base_work_level" (
	"id" serial PRIMARY KEY NOT NULL,
	"work_id" integer NOT NULL,
	"level_code" smallint NOT NULL,
	"limit_type" smallint DEFAULT 0 NOT NULL,
	"min_years" smallint,
	"prereq_level" smallint,
	"prereq_years" smallint,
	"requirement" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "base_work_level_code_chk" CHECK ("base_work_level"."level_code" between 1 and 5),
	CONSTRAINT "base_work_level_limit_chk" CHECK ("base_work_level"."limit_type" in (0, 1, 2))
);
--> statement-breakpoint
CREATE TABLE "base_work" (
	"id" serial PRIMARY KEY NOT NULL,
	"job_id" integer NOT NULL,
	"code" varchar(32) NOT NULL,
	"name" varchar(64) NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"skill_standard_url" varchar(500),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "base_work_code_unique" UNIQUE("code"),
	CONSTRAINT "base_work_status_chk" CHECK ("base_work"."status" in (0, 1))
);
--> statement-breakpoint
CREATE TABLE "base_record_org" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(128) NOT NULL,
	"unified_social_credit_code" varchar(18) NOT NULL,
	"org_type" smallint NOT NULL,
	"area_id" integer NOT NULL,
	"city_id" integer,
	"superior_org_id" integer,
	"org_id" integer,
	"legal_person" varchar(64),
	"contact_name" varchar(64),
	"contact_phone" varchar(20),
	"address" varchar(200),
	"remark" varchar(500),
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "base_record_org_type_chk" CHECK ("base_record_org"."org_type" in (0, 1, 2, 3, 100, 101, 102, 103))
);
--> statement-breakpoint
CREATE TABLE "filing_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"filing_id" integer NOT NULL,
	"increment_id" integer,
	"action" varchar(32) NOT NULL,
	"from_status" smallint NOT NULL,
	"to_status" smallint NOT NULL,
	"opinion" varchar(500),
	"actor_id" integer,
	"actor_name" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "filing_increment" (
	"id" serial PRIMARY KEY NOT NULL,
	"filing_id" integer NOT NULL,
	"status" smallint DEFAULT -1 NOT NULL,
	"last_opinion" varchar(500),
	"submitted_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "filing_increment_status_chk" CHECK ("filing_increment"."status" in (-1, 0, 1, 2, 3, 8))
);
--> statement-breakpoint
CREATE TABLE "filing_person" (
	"id" serial PRIMARY KEY NOT NULL,
	"filing_id" integer NOT NULL,
	"role" varchar(16) NOT NULL,
	"name" varchar(64) NOT NULL,
	"id_number" varchar(20) NOT NULL,
	"mobile" varchar(11) NOT NULL,
	"title" varchar(64),
	"certificate_no" varchar(64),
	"work_code" varchar(32),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "filing_person_role_chk" CHECK ("filing_person"."role" in ('examStaff', 'supervisor', 'evaluator'))
);
--> statement-breakpoint
CREATE TABLE "filing_site" (
	"id" serial PRIMARY KEY NOT NULL,
	"filing_id" integer NOT NULL,
	"site_type" varchar(16) NOT NULL,
	"name" varchar(128) NOT NULL,
	"address" varchar(200) NOT NULL,
	"area_sqm" integer,
	"seats" integer,
	"contact_name" varchar(64),
	"contact_phone" varchar(20),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "filing_site_type_chk" CHECK ("filing_site"."site_type" in ('site', 'examSite'))
);
--> statement-breakpoint
CREATE TABLE "filing_work" (
	"id" serial PRIMARY KEY NOT NULL,
	"filing_id" integer NOT NULL,
	"increment_id" integer,
	"work_code" varchar(32) NOT NULL,
	"work_name" varchar(64) NOT NULL,
	"levels" smallint[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "filing" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(32) NOT NULL,
	"org_id" integer NOT NULL,
	"city_id" integer,
	"kind" smallint NOT NULL,
	"status" smallint DEFAULT -1 NOT NULL,
	"org_type" smallint NOT NULL,
	"contact_name" varchar(64) NOT NULL,
	"contact_phone" varchar(20) NOT NULL,
	"address" varchar(200),
	"description" varchar(1000),
	"last_opinion" varchar(500),
	"submitted_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "filing_code_unique" UNIQUE("code"),
	CONSTRAINT "filing_kind_chk" CHECK ("filing"."kind" in (0, 1, 2, 3)),
	CONSTRAINT "filing_status_chk" CHECK ("filing"."status" between -1 and 8)
);
--> statement-breakpoint
CREATE TABLE "person" (
	"id" serial PRIMARY KEY NOT NULL,
	"library" varchar(16) NOT NULL,
	"name" varchar(32) NOT NULL,
	"id_number" varchar(18) NOT NULL,
	"gender" varchar(2),
	"birth_date" date,
	"mobile" varchar(11) NOT NULL,
	"org_id" integer,
	"city_id" integer,
	"county_id" integer,
	"work_unit" varchar(128),
	"post" varchar(64),
	"education" varchar(16),
	"title" varchar(32),
	"filing_type" smallint,
	"status" smallint DEFAULT 0 NOT NULL,
	"stop_reason" varchar(200),
	"stopped_at" timestamp with time zone,
	"remark" varchar(500),
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "person_library_chk" CHECK ("person"."library" in ('assessor', 'supervisor', 'examStaff')),
	CONSTRAINT "person_status_chk" CHECK ("person"."status" in (0, 1))
);
--> statement-breakpoint
CREATE TABLE "person_assignment" (
	"id" serial PRIMARY KEY NOT NULL,
	"person_id" integer NOT NULL,
	"plan_code" varchar(32) NOT NULL,
	"plan_name" varchar(128) NOT NULL,
	"role" varchar(16) NOT NULL,
	"site_name" varchar(128),
	"exam_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "person_cert" (
	"id" serial PRIMARY KEY NOT NULL,
	"person_id" integer NOT NULL,
	"cert_name" varchar(64) NOT NULL,
	"cert_no" varchar(64) NOT NULL,
	"issued_by" varchar(128),
	"issued_at" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "person_photo" (
	"person_id" integer PRIMARY KEY NOT NULL,
	"content_type" varchar(32) NOT NULL,
	"content" "bytea" NOT NULL,
	"size" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "person_work" (
	"id" serial PRIMARY KEY NOT NULL,
	"person_id" integer NOT NULL,
	"work_code" varchar(32) NOT NULL,
	"level_code" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "person_work_level_chk" CHECK ("person_work"."level_code" between 1 and 5)
);
--> statement-breakpoint
ALTER TABLE "organisation" ADD COLUMN "legal_person" varchar(64);--> statement-breakpoint
ALTER TABLE "organisation" ADD COLUMN "contact_name" varchar(64);--> statement-breakpoint
ALTER TABLE "organisation" ADD COLUMN "contact_phone" varchar(20);--> statement-breakpoint
ALTER TABLE "organisation" ADD COLUMN "address" varchar(200);--> statement-breakpoint
ALTER TABLE "organisation" ADD COLUMN "remark" varchar(500);--> statement-breakpoint
ALTER TABLE "organisation" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "sys_user" ADD COLUMN "parent_id" integer;--> statement-breakpoint
ALTER TABLE "role" ADD COLUMN "data_scope" varchar(16);--> statement-breakpoint
ALTER TABLE "role" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "department_audit" ADD CONSTRAINT "department_audit_department_id_department_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."department"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "department" ADD CONSTRAINT "department_org_id_organisation_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisation"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_choice" ADD CONSTRAINT "organisation_choice_org_id_organisation_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisation"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_work" ADD CONSTRAINT "organisation_work_org_id_organisation_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisation"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dict_item" ADD CONSTRAINT "dict_item_type_code_dict_type_code_fk" FOREIGN KEY ("type_code") REFERENCES "public"."dict_type"("code") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "process_rule" ADD CONSTRAINT "process_rule_area_id_area_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."area"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "process_rule" ADD CONSTRAINT "process_rule_city_id_area_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."area"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device" ADD CONSTRAINT "device_org_id_organisation_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisation"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operation_log" ADD CONSTRAINT "operation_log_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_job_run" ADD CONSTRAINT "schedule_job_run_job_id_schedule_job_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."schedule_job"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_job_run" ADD CONSTRAINT "schedule_job_run_triggered_by_sys_user_id_fk" FOREIGN KEY ("triggered_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_blacklist" ADD CONSTRAINT "sys_blacklist_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_blacklist" ADD CONSTRAINT "sys_blacklist_city_id_area_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."area"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_blacklist" ADD CONSTRAINT "sys_blacklist_created_by_sys_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_city_id_area_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."area"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_replied_by_sys_user_id_fk" FOREIGN KEY ("replied_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notice" ADD CONSTRAINT "notice_city_id_area_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."area"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notice" ADD CONSTRAINT "notice_created_by_sys_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opinion_topic" ADD CONSTRAINT "opinion_topic_city_id_area_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."area"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opinion_topic" ADD CONSTRAINT "opinion_topic_created_by_sys_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opinion" ADD CONSTRAINT "opinion_topic_id_opinion_topic_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."opinion_topic"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opinion" ADD CONSTRAINT "opinion_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opinion" ADD CONSTRAINT "opinion_replied_by_sys_user_id_fk" FOREIGN KEY ("replied_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "base_job_special_skill" ADD CONSTRAINT "base_job_special_skill_job_id_base_job_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."base_job"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "base_work_level" ADD CONSTRAINT "base_work_level_work_id_base_work_id_fk" FOREIGN KEY ("work_id") REFERENCES "public"."base_work"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "base_work" ADD CONSTRAINT "base_work_job_id_base_job_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."base_job"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "base_record_org" ADD CONSTRAINT "base_record_org_area_id_area_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."area"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "base_record_org" ADD CONSTRAINT "base_record_org_city_id_area_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."area"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "base_record_org" ADD CONSTRAINT "base_record_org_superior_org_id_organisation_id_fk" FOREIGN KEY ("superior_org_id") REFERENCES "public"."organisation"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "base_record_org" ADD CONSTRAINT "base_record_org_org_id_organisation_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisation"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "filing_history" ADD CONSTRAINT "filing_history_filing_id_filing_id_fk" FOREIGN KEY ("filing_id") REFERENCES "public"."filing"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "filing_increment" ADD CONSTRAINT "filing_increment_filing_id_filing_id_fk" FOREIGN KEY ("filing_id") REFERENCES "public"."filing"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "filing_person" ADD CONSTRAINT "filing_person_filing_id_filing_id_fk" FOREIGN KEY ("filing_id") REFERENCES "public"."filing"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "filing_site" ADD CONSTRAINT "filing_site_filing_id_filing_id_fk" FOREIGN KEY ("filing_id") REFERENCES "public"."filing"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "filing_work" ADD CONSTRAINT "filing_work_filing_id_filing_id_fk" FOREIGN KEY ("filing_id") REFERENCES "public"."filing"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "filing_work" ADD CONSTRAINT "filing_work_increment_id_filing_increment_id_fk" FOREIGN KEY ("increment_id") REFERENCES "public"."filing_increment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "filing" ADD CONSTRAINT "filing_org_id_organisation_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisation"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "person" ADD CONSTRAINT "person_org_id_organisation_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisation"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "person_assignment" ADD CONSTRAINT "person_assignment_person_id_person_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."person"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "person_cert" ADD CONSTRAINT "person_cert_person_id_person_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."person"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "person_photo" ADD CONSTRAINT "person_photo_person_id_person_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."person"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "person_work" ADD CONSTRAINT "person_work_person_id_person_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."person"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "department_audit_dept_idx" ON "department_audit" USING btree ("department_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "department_org_code_uq" ON "department" USING btree ("org_id","code");--> statement-breakpoint
CREATE INDEX "department_city_idx" ON "department" USING btree ("city_id");--> statement-breakpoint
CREATE INDEX "department_area_idx" ON "department" USING btree ("area_id");--> statement-breakpoint
CREATE INDEX "department_name_idx" ON "department" USING btree ("name");--> statement-breakpoint
CREATE INDEX "department_status_idx" ON "department" USING btree ("audit_status");--> statement-breakpoint
CREATE UNIQUE INDEX "organisation_choice_user_org_uq" ON "organisation_choice" USING btree ("user_id","org_id");--> statement-breakpoint
CREATE INDEX "organisation_choice_org_idx" ON "organisation_choice" USING btree ("org_id");--> statement-breakpoint
CREATE UNIQUE INDEX "organisation_work_org_code_uq" ON "organisation_work" USING btree ("org_id","work_code");--> statement-breakpoint
CREATE INDEX "organisation_work_code_idx" ON "organisation_work" USING btree ("work_code");--> statement-breakpoint
CREATE UNIQUE INDEX "dict_item_type_value_uq" ON "dict_item" USING btree ("type_code","value");--> statement-breakpoint
CREATE INDEX "dict_item_type_sort_idx" ON "dict_item" USING btree ("type_code","sort","id");--> statement-breakpoint
CREATE INDEX "dict_type_name_idx" ON "dict_type" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "process_rule_active_uq" ON "process_rule" USING btree ("process_type","area_id") WHERE "process_rule"."status" = 0;--> statement-breakpoint
CREATE INDEX "process_rule_type_idx" ON "process_rule" USING btree ("process_type");--> statement-breakpoint
CREATE INDEX "process_rule_city_idx" ON "process_rule" USING btree ("city_id");--> statement-breakpoint
CREATE INDEX "process_rule_area_idx" ON "process_rule" USING btree ("area_id");--> statement-breakpoint
CREATE INDEX "device_org_idx" ON "device" USING btree ("org_id");--> statement-breakpoint
CREATE INDEX "device_name_idx" ON "device" USING btree ("name");--> statement-breakpoint
CREATE INDEX "operation_log_created_idx" ON "operation_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "operation_log_user_idx" ON "operation_log" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "operation_log_city_idx" ON "operation_log" USING btree ("city_id","created_at");--> statement-breakpoint
CREATE INDEX "operation_log_entity_idx" ON "operation_log" USING btree ("entity","entity_id");--> statement-breakpoint
CREATE INDEX "operation_log_module_idx" ON "operation_log" USING btree ("module","created_at");--> statement-breakpoint
CREATE INDEX "operation_log_changes_idx" ON "operation_log" USING gin ("changes");--> statement-breakpoint
CREATE INDEX "schedule_job_run_job_idx" ON "schedule_job_run" USING btree ("job_id","started_at");--> statement-breakpoint
CREATE INDEX "sys_blacklist_city_idx" ON "sys_blacklist" USING btree ("city_id");--> statement-breakpoint
CREATE INDEX "sys_blacklist_expires_idx" ON "sys_blacklist" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "sys_blacklist_created_idx" ON "sys_blacklist" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "portal_contact_sort_idx" ON "portal_contact" USING btree ("sort");--> statement-breakpoint
CREATE INDEX "feedback_user_idx" ON "feedback" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "feedback_city_idx" ON "feedback" USING btree ("city_id","created_at");--> statement-breakpoint
CREATE INDEX "feedback_created_idx" ON "feedback" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "friend_link_enabled_sort_idx" ON "friend_link" USING btree ("enabled","sort");--> statement-breakpoint
CREATE INDEX "notice_published_idx" ON "notice" USING btree ("status","top","published_at");--> statement-breakpoint
CREATE INDEX "notice_city_idx" ON "notice" USING btree ("city_id");--> statement-breakpoint
CREATE INDEX "opinion_topic_status_idx" ON "opinion_topic" USING btree ("status","start_date");--> statement-breakpoint
CREATE INDEX "opinion_topic_city_idx" ON "opinion_topic" USING btree ("city_id");--> statement-breakpoint
CREATE INDEX "opinion_topic_created_idx" ON "opinion" USING btree ("topic_id","created_at");--> statement-breakpoint
CREATE INDEX "opinion_user_idx" ON "opinion" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "base_job_special_skill_job_idx" ON "base_job_special_skill" USING btree ("job_id");--> statement-breakpoint
CREATE INDEX "base_job_special_skill_name_idx" ON "base_job_special_skill" USING btree ("name");--> statement-breakpoint
CREATE INDEX "base_job_name_idx" ON "base_job" USING btree ("name");--> statement-breakpoint
CREATE INDEX "base_job_category_idx" ON "base_job" USING btree ("category");--> statement-breakpoint
CREATE UNIQUE INDEX "base_work_level_work_level_uq" ON "base_work_level" USING btree ("work_id","level_code");--> statement-breakpoint
CREATE INDEX "base_work_job_idx" ON "base_work" USING btree ("job_id");--> statement-breakpoint
CREATE INDEX "base_work_name_idx" ON "base_work" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "base_record_org_uscc_uq" ON "base_record_org" USING btree ("unified_social_credit_code");--> statement-breakpoint
CREATE INDEX "base_record_org_city_idx" ON "base_record_org" USING btree ("city_id");--> statement-breakpoint
CREATE INDEX "base_record_org_name_idx" ON "base_record_org" USING btree ("name");--> statement-breakpoint
CREATE INDEX "base_record_org_type_idx" ON "base_record_org" USING btree ("org_type");--> statement-breakpoint
CREATE INDEX "filing_history_filing_idx" ON "filing_history" USING btree ("filing_id","created_at");--> statement-breakpoint
CREATE INDEX "filing_increment_filing_idx" ON "filing_increment" USING btree ("filing_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "filing_person_id_uq" ON "filing_person" USING btree ("filing_id","role","id_number");--> statement-breakpoint
CREATE UNIQUE INDEX "filing_site_name_uq" ON "filing_site" USING btree ("filing_id","site_type","name");--> statement-breakpoint
CREATE UNIQUE INDEX "filing_work_filing_code_uq" ON "filing_work" USING btree ("filing_id","work_code");--> statement-breakpoint
CREATE INDEX "filing_work_increment_idx" ON "filing_work" USING btree ("increment_id");--> statement-breakpoint
CREATE INDEX "filing_org_idx" ON "filing" USING btree ("org_id","kind");--> statement-breakpoint
CREATE INDEX "filing_city_status_idx" ON "filing" USING btree ("city_id","status");--> statement-breakpoint
CREATE INDEX "filing_kind_status_idx" ON "filing" USING btree ("kind","status");--> statement-breakpoint
CREATE UNIQUE INDEX "person_library_id_number_uq" ON "person" USING btree ("library","id_number");--> statement-breakpoint
CREATE INDEX "person_library_city_idx" ON "person" USING btree ("library","city_id");--> statement-breakpoint
CREATE INDEX "person_library_org_idx" ON "person" USING btree ("library","org_id");--> statement-breakpoint
CREATE INDEX "person_county_idx" ON "person" USING btree ("county_id");--> statement-breakpoint
CREATE INDEX "person_name_idx" ON "person" USING btree ("name");--> statement-breakpoint
CREATE INDEX "person_status_idx" ON "person" USING btree ("library","status");--> statement-breakpoint
CREATE UNIQUE INDEX "person_assignment_person_plan_uq" ON "person_assignment" USING btree ("person_id","plan_code","role");--> statement-breakpoint
CREATE INDEX "person_assignment_plan_idx" ON "person_assignment" USING btree ("plan_code");--> statement-breakpoint
CREATE UNIQUE INDEX "person_cert_person_no_uq" ON "person_cert" USING btree ("person_id","cert_no");--> statement-breakpoint
CREATE INDEX "person_cert_no_idx" ON "person_cert" USING btree ("cert_no");--> statement-breakpoint
CREATE UNIQUE INDEX "person_work_person_work_uq" ON "person_work" USING btree ("person_id","work_code");--> statement-breakpoint
CREATE INDEX "person_work_code_idx" ON "person_work" USING btree ("work_code");--> statement-breakpoint
ALTER TABLE "sys_user" ADD CONSTRAINT "sys_user_parent_id_sys_user_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."sys_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "organisation_parent_idx" ON "organisation" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "organisation_uscc_idx" ON "organisation" USING btree ("unified_social_credit_code");--> statement-breakpoint
CREATE INDEX "sys_user_parent_idx" ON "sys_user" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "sys_user_created_idx" ON "sys_user" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "role_level_idx" ON "role" USING btree ("level");--> statement-breakpoint
CREATE INDEX "role_status_idx" ON "role" USING btree ("status");--> statement-breakpoint
ALTER TABLE "organisation" ADD CONSTRAINT "organisation_status_chk" CHECK ("organisation"."status" in (0, 1, 2));--> statement-breakpoint
ALTER TABLE "role" ADD CONSTRAINT "role_data_scope_chk" CHECK ("role"."data_scope" is null or "role"."data_scope" in ('province', 'city', 'county', 'org'));--> statement-breakpoint
ALTER TABLE "role" ADD CONSTRAINT "role_status_chk" CHECK ("role"."status" in (0, 1));