CREATE TABLE "annual_target" (
	"id" serial PRIMARY KEY NOT NULL,
	"year" smallint NOT NULL,
	"city_id" integer NOT NULL,
	"county_id" integer,
	"parent_id" integer,
	"trained" integer NOT NULL,
	"certified" integer NOT NULL,
	"budget" integer NOT NULL,
	"remark" varchar(300),
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "annual_target_values_chk" CHECK ("annual_target"."trained" >= 0 and "annual_target"."certified" >= 0 and "annual_target"."budget" >= 0)
);
--> statement-breakpoint
CREATE TABLE "fund_account" (
	"id" serial PRIMARY KEY NOT NULL,
	"city_id" integer NOT NULL,
	"year" smallint NOT NULL,
	"name" varchar(100) NOT NULL,
	"remark" varchar(300),
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fund_movement" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"city_id" integer NOT NULL,
	"kind" varchar(8) NOT NULL,
	"amount" integer NOT NULL,
	"apply_id" integer,
	"note" varchar(300),
	"actor_id" integer,
	"actor_name" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fund_movement_kind_chk" CHECK ("fund_movement"."kind" in ('allocate', 'reduce', 'commit', 'pay')),
	CONSTRAINT "fund_movement_amount_chk" CHECK ("fund_movement"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "subsidy_apply" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(32) NOT NULL,
	"kind" varchar(8) NOT NULL,
	"class_id" integer NOT NULL,
	"org_id" integer NOT NULL,
	"city_id" integer,
	"county_id" integer,
	"year" smallint NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"student_count" integer DEFAULT 0 NOT NULL,
	"claimed_amount" integer DEFAULT 0 NOT NULL,
	"approved_amount" integer DEFAULT 0 NOT NULL,
	"blocked_count" integer DEFAULT 0 NOT NULL,
	"flagged_count" integer DEFAULT 0 NOT NULL,
	"last_opinion" varchar(500),
	"city_approver_id" integer,
	"submitted_at" timestamp with time zone,
	"approved_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subsidy_apply_code_unique" UNIQUE("code"),
	CONSTRAINT "subsidy_apply_kind_chk" CHECK ("subsidy_apply"."kind" in ('train', 'living')),
	CONSTRAINT "subsidy_apply_status_chk" CHECK ("subsidy_apply"."status" between 0 and 7),
	CONSTRAINT "subsidy_apply_amount_chk" CHECK ("subsidy_apply"."claimed_amount" >= 0 and "subsidy_apply"."approved_amount" >= 0 and "subsidy_apply"."approved_amount" <= "subsidy_apply"."claimed_amount")
);
--> statement-breakpoint
CREATE TABLE "subsidy_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"apply_id" integer NOT NULL,
	"action" varchar(32) NOT NULL,
	"from_status" smallint,
	"to_status" smallint,
	"opinion" varchar(500),
	"actor_id" integer,
	"actor_name" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subsidy_item" (
	"id" serial PRIMARY KEY NOT NULL,
	"apply_id" integer NOT NULL,
	"org_id" integer NOT NULL,
	"city_id" integer,
	"student_id" integer NOT NULL,
	"name" varchar(32) NOT NULL,
	"id_number" varchar(18) NOT NULL,
	"work_code" varchar(32) NOT NULL,
	"level" smallint NOT NULL,
	"attended_hours" smallint,
	"class_hours" smallint NOT NULL,
	"completion" smallint NOT NULL,
	"assess_result" smallint DEFAULT 0 NOT NULL,
	"cert_no" varchar(64),
	"bank_name" varchar(64),
	"bank_account" varchar(32),
	"group_code" varchar(16),
	"days" smallint,
	"daily_rate" integer,
	"standard_id" integer,
	"amount" integer DEFAULT 0 NOT NULL,
	"ineligible" varchar(200),
	"flags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"decision" smallint DEFAULT 0 NOT NULL,
	"decision_reason" varchar(300),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subsidy_item_decision_chk" CHECK ("subsidy_item"."decision" in (0, 1, 2)),
	CONSTRAINT "subsidy_item_amount_chk" CHECK ("subsidy_item"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "subsidy_standard" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" varchar(8) NOT NULL,
	"city_id" integer NOT NULL,
	"year" smallint NOT NULL,
	"subject" varchar(48) NOT NULL,
	"train_type" varchar(16),
	"work_code" varchar(32),
	"work_name" varchar(64),
	"level" smallint,
	"group_code" varchar(16),
	"amount" integer NOT NULL,
	"min_attendance" smallint DEFAULT 80 NOT NULL,
	"valid_from" date NOT NULL,
	"valid_to" date NOT NULL,
	"version" smallint DEFAULT 1 NOT NULL,
	"previous_id" integer,
	"remark" varchar(300),
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subsidy_standard_kind_chk" CHECK ("subsidy_standard"."kind" in ('type', 'work', 'living')),
	CONSTRAINT "subsidy_standard_amount_chk" CHECK ("subsidy_standard"."amount" between 0 and 100000),
	CONSTRAINT "subsidy_standard_attendance_chk" CHECK ("subsidy_standard"."min_attendance" between 0 and 100),
	CONSTRAINT "subsidy_standard_valid_chk" CHECK ("subsidy_standard"."valid_to" >= "subsidy_standard"."valid_from")
);
--> statement-breakpoint
CREATE TABLE "training_coupon" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(32) NOT NULL,
	"city_id" integer NOT NULL,
	"org_id" integer,
	"name" varchar(32) NOT NULL,
	"id_number" varchar(18) NOT NULL,
	"face_value" integer NOT NULL,
	"valid_from" date NOT NULL,
	"valid_to" date NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"class_id" integer,
	"student_id" integer,
	"redeemed_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "training_coupon_code_unique" UNIQUE("code"),
	CONSTRAINT "training_coupon_status_chk" CHECK ("training_coupon"."status" in (0, 1, 2)),
	CONSTRAINT "training_coupon_value_chk" CHECK ("training_coupon"."face_value" between 1 and 100000),
	CONSTRAINT "training_coupon_valid_chk" CHECK ("training_coupon"."valid_to" >= "training_coupon"."valid_from"),
	CONSTRAINT "training_coupon_redeemed_chk" CHECK ("training_coupon"."status" <> 1 or "training_coupon"."class_id" is not null)
);
--> statement-breakpoint
ALTER TABLE "fund_movement" ADD CONSTRAINT "fund_movement_account_id_fund_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."fund_account"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_movement" ADD CONSTRAINT "fund_movement_apply_id_subsidy_apply_id_fk" FOREIGN KEY ("apply_id") REFERENCES "public"."subsidy_apply"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subsidy_apply" ADD CONSTRAINT "subsidy_apply_class_id_train_class_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."train_class"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subsidy_history" ADD CONSTRAINT "subsidy_history_apply_id_subsidy_apply_id_fk" FOREIGN KEY ("apply_id") REFERENCES "public"."subsidy_apply"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subsidy_item" ADD CONSTRAINT "subsidy_item_apply_id_subsidy_apply_id_fk" FOREIGN KEY ("apply_id") REFERENCES "public"."subsidy_apply"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subsidy_item" ADD CONSTRAINT "subsidy_item_student_id_train_student_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."train_student"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subsidy_item" ADD CONSTRAINT "subsidy_item_standard_id_subsidy_standard_id_fk" FOREIGN KEY ("standard_id") REFERENCES "public"."subsidy_standard"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_coupon" ADD CONSTRAINT "training_coupon_class_id_train_class_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."train_class"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "annual_target_city_uq" ON "annual_target" USING btree ("year","city_id") WHERE "annual_target"."county_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "annual_target_county_uq" ON "annual_target" USING btree ("year","county_id") WHERE "annual_target"."county_id" is not null;--> statement-breakpoint
CREATE INDEX "annual_target_city_idx" ON "annual_target" USING btree ("city_id","year");--> statement-breakpoint
CREATE INDEX "annual_target_county_idx" ON "annual_target" USING btree ("county_id","year");--> statement-breakpoint
CREATE UNIQUE INDEX "fund_account_city_year_uq" ON "fund_account" USING btree ("city_id","year");--> statement-breakpoint
CREATE INDEX "fund_account_year_idx" ON "fund_account" USING btree ("year","id");--> statement-breakpoint
CREATE INDEX "fund_movement_account_idx" ON "fund_movement" USING btree ("account_id","id");--> statement-breakpoint
CREATE INDEX "fund_movement_city_idx" ON "fund_movement" USING btree ("city_id","id");--> statement-breakpoint
CREATE INDEX "fund_movement_apply_idx" ON "fund_movement" USING btree ("apply_id");--> statement-breakpoint
CREATE INDEX "subsidy_apply_class_idx" ON "subsidy_apply" USING btree ("class_id","kind");--> statement-breakpoint
CREATE INDEX "subsidy_apply_org_idx" ON "subsidy_apply" USING btree ("org_id","kind","id");--> statement-breakpoint
CREATE INDEX "subsidy_apply_city_idx" ON "subsidy_apply" USING btree ("city_id","kind","status","id");--> statement-breakpoint
CREATE INDEX "subsidy_apply_county_idx" ON "subsidy_apply" USING btree ("county_id","id");--> statement-breakpoint
CREATE INDEX "subsidy_apply_status_idx" ON "subsidy_apply" USING btree ("kind","status","id");--> statement-breakpoint
CREATE INDEX "subsidy_history_apply_idx" ON "subsidy_history" USING btree ("apply_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "subsidy_item_apply_student_uq" ON "subsidy_item" USING btree ("apply_id","student_id");--> statement-breakpoint
CREATE INDEX "subsidy_item_apply_idx" ON "subsidy_item" USING btree ("apply_id","id");--> statement-breakpoint
CREATE INDEX "subsidy_item_person_idx" ON "subsidy_item" USING btree ("id_number","work_code","level");--> statement-breakpoint
CREATE INDEX "subsidy_item_standard_idx" ON "subsidy_item" USING btree ("standard_id");--> statement-breakpoint
CREATE INDEX "subsidy_item_student_idx" ON "subsidy_item" USING btree ("student_id");--> statement-breakpoint
CREATE UNIQUE INDEX "subsidy_standard_version_uq" ON "subsidy_standard" USING btree ("kind","city_id","subject","version");--> statement-breakpoint
CREATE INDEX "subsidy_standard_lookup_idx" ON "subsidy_standard" USING btree ("kind","city_id","subject","valid_from");--> statement-breakpoint
CREATE INDEX "subsidy_standard_city_idx" ON "subsidy_standard" USING btree ("city_id","kind","year","id");--> statement-breakpoint
CREATE INDEX "subsidy_standard_kind_idx" ON "subsidy_standard" USING btree ("kind","year","id");--> statement-breakpoint
CREATE INDEX "training_coupon_person_idx" ON "training_coupon" USING btree ("id_number","status");--> statement-breakpoint
CREATE INDEX "training_coupon_city_idx" ON "training_coupon" USING btree ("city_id","status","id");--> statement-breakpoint
CREATE INDEX "training_coupon_org_idx" ON "training_coupon" USING btree ("org_id","id");--> statement-breakpoint
CREATE INDEX "training_coupon_class_idx" ON "training_coupon" USING btree ("class_id");