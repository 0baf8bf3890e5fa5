CREATE TABLE "area" (
	"id" integer PRIMARY KEY NOT NULL,
	"pid" integer NOT NULL,
	"name" varchar(64) NOT NULL,
	"level" smallint NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_user" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(32) NOT NULL,
	"account" varchar(64) NOT NULL,
	"password_hash" varchar(100) NOT NULL,
	"nick_name" varchar(64) NOT NULL,
	"real_name" varchar(64),
	"mobile" varchar(11),
	"user_type" varchar(32) NOT NULL,
	"level" varchar(16) NOT NULL,
	"area_id" integer,
	"status" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sys_user_code_unique" UNIQUE("code"),
	CONSTRAINT "sys_user_account_unique" UNIQUE("account"),
	CONSTRAINT "sys_user_level_chk" CHECK ("sys_user"."level" in ('province', 'city', 'county', 'org')),
	CONSTRAINT "sys_user_status_chk" CHECK ("sys_user"."status" in (0, 1))
);
--> statement-breakpoint
CREATE TABLE "import_error_file" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" integer,
	"import_name" varchar(64) NOT NULL,
	"content" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sys_user" ADD CONSTRAINT "sys_user_area_id_area_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."area"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "area_pid_sort_idx" ON "area" USING btree ("pid","sort","id");--> statement-breakpoint
CREATE INDEX "area_name_idx" ON "area" USING btree ("name");--> statement-breakpoint
CREATE INDEX "sys_user_area_idx" ON "sys_user" USING btree ("area_id");--> statement-breakpoint
CREATE INDEX "import_error_file_created_idx" ON "import_error_file" USING btree ("created_at");