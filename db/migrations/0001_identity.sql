CREATE TABLE "organisation" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(32) NOT NULL,
	"name" varchar(128) NOT NULL,
	"category" varchar(16) NOT NULL,
	"org_type" smallint DEFAULT 0 NOT NULL,
	"area_id" integer NOT NULL,
	"city_id" integer,
	"parent_id" integer,
	"unified_social_credit_code" varchar(18),
	"status" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organisation_code_unique" UNIQUE("code"),
	CONSTRAINT "organisation_category_chk" CHECK ("organisation"."category" in ('eval', 'train', 'enterprise', 'admin')),
	CONSTRAINT "organisation_org_type_chk" CHECK ("organisation"."org_type" in (0, 1, 2, 3, 100, 101, 102, 103))
);
--> statement-breakpoint
CREATE TABLE "login_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"account" varchar(64) NOT NULL,
	"kind" varchar(16) NOT NULL,
	"message" varchar(200),
	"ip" varchar(64),
	"user_agent" varchar(300),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_code" (
	"id" serial PRIMARY KEY NOT NULL,
	"mobile" varchar(11) NOT NULL,
	"purpose" varchar(16) NOT NULL,
	"code_hash" varchar(64) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"ip" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_session" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoke_reason" varchar(16),
	"ip" varchar(64),
	"user_agent" varchar(300),
	CONSTRAINT "user_session_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "resource" (
	"id" serial PRIMARY KEY NOT NULL,
	"parent_id" integer DEFAULT 0 NOT NULL,
	"key" varchar(64) NOT NULL,
	"name" varchar(64) NOT NULL,
	"title" varchar(64) NOT NULL,
	"component" varchar(64) NOT NULL,
	"path" varchar(200) NOT NULL,
	"redirect" varchar(200),
	"icon" varchar(64),
	"sort" integer DEFAULT 0 NOT NULL,
	"show" boolean DEFAULT true NOT NULL,
	"hide_children" boolean DEFAULT false NOT NULL,
	"hidden_header_content" boolean DEFAULT false NOT NULL,
	"target" varchar(16),
	"actions" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "resource_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "role_resource" (
	"role_id" integer NOT NULL,
	"resource_id" integer NOT NULL,
	"actions" text[] DEFAULT '{}'::text[] NOT NULL,
	CONSTRAINT "role_resource_role_id_resource_id_pk" PRIMARY KEY("role_id","resource_id")
);
--> statement-breakpoint
CREATE TABLE "role" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(32) NOT NULL,
	"name" varchar(64) NOT NULL,
	"level" varchar(16) NOT NULL,
	"description" varchar(300),
	"status" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "role_code_unique" UNIQUE("code"),
	CONSTRAINT "role_level_chk" CHECK ("role"."level" in ('province', 'city', 'county', 'org'))
);
--> statement-breakpoint
CREATE TABLE "user_role" (
	"user_id" integer NOT NULL,
	"role_id" integer NOT NULL,
	CONSTRAINT "user_role_user_id_role_id_pk" PRIMARY KEY("user_id","role_id")
);
--> statement-breakpoint
CREATE TABLE "message" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"title" varchar(100) NOT NULL,
	"content" varchar(1000) DEFAULT '' NOT NULL,
	"kind" varchar(16) DEFAULT 'system' NOT NULL,
	"link" varchar(300),
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sys_user" DROP CONSTRAINT "sys_user_status_chk";--> statement-breakpoint
ALTER TABLE "sys_user" ADD COLUMN "email" varchar(128);--> statement-breakpoint
ALTER TABLE "sys_user" ADD COLUMN "avatar" varchar(500);--> statement-breakpoint
ALTER TABLE "sys_user" ADD COLUMN "real_name_desc" varchar(200);--> statement-breakpoint
ALTER TABLE "sys_user" ADD COLUMN "city_id" integer;--> statement-breakpoint
ALTER TABLE "sys_user" ADD COLUMN "org_id" integer;--> statement-breakpoint
ALTER TABLE "sys_user" ADD COLUMN "password_strength" smallint DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "sys_user" ADD COLUMN "failed_logins" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sys_user" ADD COLUMN "locked_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sys_user" ADD COLUMN "last_login_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "organisation" ADD CONSTRAINT "organisation_area_id_area_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."area"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation" ADD CONSTRAINT "organisation_city_id_area_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."area"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "login_log" ADD CONSTRAINT "login_log_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_session" ADD CONSTRAINT "user_session_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_resource" ADD CONSTRAINT "role_resource_role_id_role_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."role"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_resource" ADD CONSTRAINT "role_resource_resource_id_resource_id_fk" FOREIGN KEY ("resource_id") REFERENCES "public"."resource"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_role" ADD CONSTRAINT "user_role_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_role" ADD CONSTRAINT "user_role_role_id_role_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."role"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message" ADD CONSTRAINT "message_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "organisation_city_idx" ON "organisation" USING btree ("city_id");--> statement-breakpoint
CREATE INDEX "organisation_area_idx" ON "organisation" USING btree ("area_id");--> statement-breakpoint
CREATE INDEX "organisation_name_idx" ON "organisation" USING btree ("name");--> statement-breakpoint
CREATE INDEX "login_log_created_idx" ON "login_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "login_log_user_idx" ON "login_log" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "sms_code_mobile_idx" ON "sms_code" USING btree ("mobile","purpose","created_at");--> statement-breakpoint
CREATE INDEX "sms_code_ip_idx" ON "sms_code" USING btree ("ip","created_at");--> statement-breakpoint
CREATE INDEX "user_session_user_idx" ON "user_session" USING btree ("user_id","revoked_at");--> statement-breakpoint
CREATE INDEX "user_session_expires_idx" ON "user_session" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "resource_parent_idx" ON "resource" USING btree ("parent_id","sort");--> statement-breakpoint
CREATE INDEX "role_resource_resource_idx" ON "role_resource" USING btree ("resource_id");--> statement-breakpoint
CREATE INDEX "user_role_role_idx" ON "user_role" USING btree ("role_id");--> statement-breakpoint
CREATE INDEX "message_user_unread_idx" ON "message" USING btree ("user_id","read_at","created_at");--> statement-breakpoint
ALTER TABLE "sys_user" ADD CONSTRAINT "sys_user_city_id_area_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."area"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_user" ADD CONSTRAINT "sys_user_org_id_organisation_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisation"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sys_user_city_idx" ON "sys_user" USING btree ("city_id");--> statement-breakpoint
CREATE INDEX "sys_user_org_idx" ON "sys_user" USING btree ("org_id");--> statement-breakpoint
CREATE INDEX "sys_user_mobile_idx" ON "sys_user" USING btree ("mobile");--> statement-breakpoint
ALTER TABLE "sys_user" ADD CONSTRAINT "sys_user_strength_chk" CHECK ("sys_user"."password_strength" in (3, 4));--> statement-breakpoint
ALTER TABLE "sys_user" ADD CONSTRAINT "sys_user_status_chk" CHECK ("sys_user"."status" in (0, 1, 2, 3));