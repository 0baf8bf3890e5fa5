CREATE TABLE "exam_camera" (
	"id" serial PRIMARY KEY NOT NULL,
	"plan_id" integer NOT NULL,
	"room_id" integer NOT NULL,
	"org_id" integer NOT NULL,
	"city_id" integer,
	"name" varchar(64) NOT NULL,
	"stream_url" varchar(500) NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exam_camera_status_chk" CHECK ("exam_camera"."status" in (0, 1))
);
--> statement-breakpoint
CREATE TABLE "exam_plan_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"plan_id" integer NOT NULL,
	"action" varchar(32) NOT NULL,
	"from_step" smallint NOT NULL,
	"from_state" smallint NOT NULL,
	"to_step" smallint NOT NULL,
	"to_state" smallint NOT NULL,
	"opinion" varchar(500),
	"actor_id" integer,
	"actor_name" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exam_plan_step_audit" (
	"kind" smallint NOT NULL,
	"step" smallint NOT NULL,
	"required" boolean DEFAULT true NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exam_plan_step_audit_kind_step_pk" PRIMARY KEY("kind","step"),
	CONSTRAINT "exam_plan_step_audit_step_chk" CHECK ("exam_plan_step_audit"."step" between 1 and 8)
);
--> statement-breakpoint
CREATE TABLE "exam_plan_work" (
	"id" serial PRIMARY KEY NOT NULL,
	"plan_id" integer NOT NULL,
	"work_code" varchar(32) NOT NULL,
	"work_name" varchar(64) NOT NULL,
	"level" smallint NOT NULL,
	"expected_count" integer,
	CONSTRAINT "exam_plan_work_level_chk" CHECK ("exam_plan_work"."level" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "exam_plan" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(32) NOT NULL,
	"kind" smallint NOT NULL,
	"name" varchar(128) NOT NULL,
	"org_id" integer NOT NULL,
	"city_id" integer,
	"filing_id" integer NOT NULL,
	"step" smallint DEFAULT 0 NOT NULL,
	"state" smallint DEFAULT 0 NOT NULL,
	"arrange_types" smallint[] NOT NULL,
	"exam_start_date" date NOT NULL,
	"exam_end_date" date NOT NULL,
	"expected_count" integer NOT NULL,
	"fee" numeric(10, 2) DEFAULT '0' NOT NULL,
	"contact_name" varchar(64) NOT NULL,
	"contact_phone" varchar(20) NOT NULL,
	"remark" varchar(500),
	"last_opinion" varchar(500),
	"official_plan_warning" varchar(500),
	"cancel_reason" varchar(500),
	"cancelled_at" timestamp with time zone,
	"submitted_at" timestamp with time zone,
	"approved_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exam_plan_code_unique" UNIQUE("code"),
	CONSTRAINT "exam_plan_kind_chk" CHECK ("exam_plan"."kind" in (0, 1, 2, 3)),
	CONSTRAINT "exam_plan_step_chk" CHECK ("exam_plan"."step" between 0 and 9),
	CONSTRAINT "exam_plan_state_chk" CHECK ("exam_plan"."state" in (0, 1, 2, 3, 9)),
	CONSTRAINT "exam_plan_dates_chk" CHECK ("exam_plan"."exam_end_date" >= "exam_plan"."exam_start_date"),
	CONSTRAINT "exam_plan_expected_chk" CHECK ("exam_plan"."expected_count" > 0)
);
--> statement-breakpoint
CREATE TABLE "exam_room" (
	"id" serial PRIMARY KEY NOT NULL,
	"plan_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	"org_id" integer NOT NULL,
	"city_id" integer,
	"name" varchar(64) NOT NULL,
	"room_type" smallint NOT NULL,
	"capacity" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exam_room_type_chk" CHECK ("exam_room"."room_type" in (1, 2, 3)),
	CONSTRAINT "exam_room_capacity_chk" CHECK ("exam_room"."capacity" between 1 and 500)
);
--> statement-breakpoint
CREATE TABLE "exam_seat" (
	"id" serial PRIMARY KEY NOT NULL,
	"session_id" integer NOT NULL,
	"room_id" integer NOT NULL,
	"examinee_id" integer NOT NULL,
	"seat_no" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exam_session_staff" (
	"id" serial PRIMARY KEY NOT NULL,
	"session_id" integer NOT NULL,
	"room_id" integer,
	"person_id" integer NOT NULL,
	"role" varchar(16) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exam_session_staff_role_chk" CHECK ("exam_session_staff"."role" in ('assessor', 'supervisor', 'examStaff'))
);
--> statement-breakpoint
CREATE TABLE "exam_session" (
	"id" serial PRIMARY KEY NOT NULL,
	"plan_id" integer NOT NULL,
	"org_id" integer NOT NULL,
	"city_id" integer,
	"name" varchar(64) NOT NULL,
	"subject" smallint NOT NULL,
	"work_code" varchar(32),
	"exam_date" date NOT NULL,
	"start_time" varchar(5) NOT NULL,
	"end_time" varchar(5) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exam_session_subject_chk" CHECK ("exam_session"."subject" in (1, 2, 3)),
	CONSTRAINT "exam_session_time_chk" CHECK ("exam_session"."end_time" > "exam_session"."start_time")
);
--> statement-breakpoint
CREATE TABLE "exam_site" (
	"id" serial PRIMARY KEY NOT NULL,
	"plan_id" integer NOT NULL,
	"org_id" integer NOT NULL,
	"city_id" integer,
	"filing_site_id" integer NOT NULL,
	"name" varchar(128) NOT NULL,
	"address" varchar(200) NOT NULL,
	"contact_name" varchar(64),
	"contact_phone" varchar(20),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "examinee_import" (
	"id" serial PRIMARY KEY NOT NULL,
	"plan_id" integer NOT NULL,
	"org_id" integer NOT NULL,
	"city_id" integer,
	"file_name" varchar(200) NOT NULL,
	"file_url" varchar(300) NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"error_count" integer DEFAULT 0 NOT NULL,
	"warning_count" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "examinee_import_status_chk" CHECK ("examinee_import"."status" in (0, 1, 2))
);
--> statement-breakpoint
CREATE TABLE "examinee" (
	"id" serial PRIMARY KEY NOT NULL,
	"plan_id" integer NOT NULL,
	"org_id" integer NOT NULL,
	"city_id" integer,
	"name" varchar(32) NOT NULL,
	"id_number" varchar(18) NOT NULL,
	"gender" varchar(2),
	"birth_date" date,
	"mobile" varchar(11) NOT NULL,
	"work_code" varchar(32) NOT NULL,
	"work_name" varchar(64) NOT NULL,
	"level" smallint NOT NULL,
	"education" varchar(16),
	"work_years" smallint,
	"company" varchar(128),
	"prior_level" smallint,
	"prior_cert_date" date,
	"photo_url" varchar(300),
	"qualification" smallint DEFAULT 0 NOT NULL,
	"qualification_reason" varchar(500),
	"ticket_no" varchar(32),
	"import_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "examinee_level_chk" CHECK ("examinee"."level" between 1 and 5),
	CONSTRAINT "examinee_qualification_chk" CHECK ("examinee"."qualification" in (0, 1, 2))
);
--> statement-breakpoint
CREATE TABLE "official_plan_job" (
	"id" serial PRIMARY KEY NOT NULL,
	"plan_id" integer NOT NULL,
	"work_code" varchar(32) NOT NULL,
	"work_name" varchar(64) NOT NULL,
	"levels" smallint[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "official_plan_org" (
	"id" serial PRIMARY KEY NOT NULL,
	"plan_id" integer NOT NULL,
	"org_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "official_plan" (
	"id" serial PRIMARY KEY NOT NULL,
	"year" smallint NOT NULL,
	"name" varchar(128) NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"remark" varchar(500),
	"submitted_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "official_plan_status_chk" CHECK ("official_plan"."status" in (0, 1))
);
--> statement-breakpoint
ALTER TABLE "exam_camera" ADD CONSTRAINT "exam_camera_plan_id_exam_plan_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."exam_plan"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_camera" ADD CONSTRAINT "exam_camera_room_id_exam_room_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."exam_room"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_plan_history" ADD CONSTRAINT "exam_plan_history_plan_id_exam_plan_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."exam_plan"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_plan_work" ADD CONSTRAINT "exam_plan_work_plan_id_exam_plan_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."exam_plan"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_plan" ADD CONSTRAINT "exam_plan_org_id_organisation_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisation"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_plan" ADD CONSTRAINT "exam_plan_filing_id_filing_id_fk" FOREIGN KEY ("filing_id") REFERENCES "public"."filing"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_room" ADD CONSTRAINT "exam_room_plan_id_exam_plan_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."exam_plan"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_room" ADD CONSTRAINT "exam_room_site_id_exam_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."exam_site"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_seat" ADD CONSTRAINT "exam_seat_session_id_exam_session_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."exam_session"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_seat" ADD CONSTRAINT "exam_seat_room_id_exam_room_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."exam_room"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_seat" ADD CONSTRAINT "exam_seat_examinee_id_examinee_id_fk" FOREIGN KEY ("examinee_id") REFERENCES "public"."examinee"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_session_staff" ADD CONSTRAINT "exam_session_staff_session_id_exam_session_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."exam_session"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_session_staff" ADD CONSTRAINT "exam_session_staff_room_id_exam_room_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."exam_room"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_session" ADD CONSTRAINT "exam_session_plan_id_exam_plan_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."exam_plan"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_site" ADD CONSTRAINT "exam_site_plan_id_exam_plan_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."exam_plan"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "examinee_import" ADD CONSTRAINT "examinee_import_plan_id_exam_plan_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."exam_plan"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "examinee" ADD CONSTRAINT "examinee_plan_id_exam_plan_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."exam_plan"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "official_plan_job" ADD CONSTRAINT "official_plan_job_plan_id_official_plan_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."official_plan"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "official_plan_org" ADD CONSTRAINT "official_plan_org_plan_id_official_plan_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."official_plan"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "official_plan_org" ADD CONSTRAINT "official_plan_org_org_id_organisation_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisation"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exam_camera_room_idx" ON "exam_camera" USING btree ("room_id");--> statement-breakpoint
CREATE INDEX "exam_camera_plan_idx" ON "exam_camera" USING btree ("plan_id");--> statement-breakpoint
CREATE INDEX "exam_plan_history_plan_idx" ON "exam_plan_history" USING btree ("plan_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "exam_plan_work_uq" ON "exam_plan_work" USING btree ("plan_id","work_code","level");--> statement-breakpoint
CREATE INDEX "exam_plan_work_code_idx" ON "exam_plan_work" USING btree ("work_code");--> statement-breakpoint
CREATE INDEX "exam_plan_org_idx" ON "exam_plan" USING btree ("org_id","kind","id");--> statement-breakpoint
CREATE INDEX "exam_plan_city_idx" ON "exam_plan" USING btree ("city_id","kind","id");--> statement-breakpoint
CREATE INDEX "exam_plan_kind_step_idx" ON "exam_plan" USING btree ("kind","step","state");--> statement-breakpoint
CREATE INDEX "exam_plan_filing_idx" ON "exam_plan" USING btree ("filing_id");--> statement-breakpoint
CREATE UNIQUE INDEX "exam_room_site_name_uq" ON "exam_room" USING btree ("site_id","name");--> statement-breakpoint
CREATE INDEX "exam_room_plan_idx" ON "exam_room" USING btree ("plan_id");--> statement-breakpoint
CREATE UNIQUE INDEX "exam_seat_session_examinee_uq" ON "exam_seat" USING btree ("session_id","examinee_id");--> statement-breakpoint
CREATE UNIQUE INDEX "exam_seat_session_room_seat_uq" ON "exam_seat" USING btree ("session_id","room_id","seat_no");--> statement-breakpoint
CREATE INDEX "exam_seat_room_idx" ON "exam_seat" USING btree ("room_id");--> statement-breakpoint
CREATE INDEX "exam_seat_examinee_idx" ON "exam_seat" USING btree ("examinee_id");--> statement-breakpoint
CREATE UNIQUE INDEX "exam_session_staff_uq" ON "exam_session_staff" USING btree ("session_id","person_id");--> statement-breakpoint
CREATE INDEX "exam_session_staff_person_idx" ON "exam_session_staff" USING btree ("person_id");--> statement-breakpoint
CREATE INDEX "exam_session_plan_idx" ON "exam_session" USING btree ("plan_id","exam_date");--> statement-breakpoint
CREATE UNIQUE INDEX "exam_site_plan_filing_site_uq" ON "exam_site" USING btree ("plan_id","filing_site_id");--> statement-breakpoint
CREATE INDEX "exam_site_org_idx" ON "exam_site" USING btree ("org_id");--> statement-breakpoint
CREATE INDEX "exam_site_city_idx" ON "exam_site" USING btree ("city_id");--> statement-breakpoint
CREATE INDEX "examinee_import_plan_idx" ON "examinee_import" USING btree ("plan_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "examinee_plan_person_work_uq" ON "examinee" USING btree ("plan_id","id_number","work_code");--> statement-breakpoint
CREATE UNIQUE INDEX "examinee_plan_ticket_uq" ON "examinee" USING btree ("plan_id","ticket_no");--> statement-breakpoint
CREATE INDEX "examinee_plan_idx" ON "examinee" USING btree ("plan_id","id");--> statement-breakpoint
CREATE INDEX "examinee_org_idx" ON "examinee" USING btree ("org_id","id");--> statement-breakpoint
CREATE INDEX "examinee_city_idx" ON "examinee" USING btree ("city_id","id");--> statement-breakpoint
CREATE INDEX "examinee_id_number_idx" ON "examinee" USING btree ("id_number");--> statement-breakpoint
CREATE UNIQUE INDEX "official_plan_job_uq" ON "official_plan_job" USING btree ("plan_id","work_code");--> statement-breakpoint
CREATE UNIQUE INDEX "official_plan_org_uq" ON "official_plan_org" USING btree ("plan_id","org_id");--> statement-breakpoint
CREATE INDEX "official_plan_year_idx" ON "official_plan" USING btree ("year","status");