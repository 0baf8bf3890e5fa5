CREATE TABLE "recording" (
	"id" serial PRIMARY KEY NOT NULL,
	"plan_id" integer NOT NULL,
	"plan_code" varchar(32) NOT NULL,
	"plan_step" smallint NOT NULL,
	"site_id" integer,
	"org_id" integer NOT NULL,
	"city_id" integer,
	"recording_time" timestamp with time zone NOT NULL,
	"video_duration" integer NOT NULL,
	"video_url" varchar(300) NOT NULL,
	"video_size" bigint NOT NULL,
	"video_picture" varchar(300),
	"screenshots" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" integer,
	"created_by_name" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recording_duration_chk" CHECK ("recording"."video_duration" >= 0),
	CONSTRAINT "recording_size_chk" CHECK ("recording"."video_size" >= 0),
	CONSTRAINT "recording_step_chk" CHECK ("recording"."plan_step" between 0 and 9)
);
--> statement-breakpoint
CREATE TABLE "knowledge_point" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"city_id" integer,
	"work_code" varchar(32) NOT NULL,
	"parent_id" integer DEFAULT 0 NOT NULL,
	"name" varchar(100) NOT NULL,
	"sort" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "paper_question" (
	"id" serial PRIMARY KEY NOT NULL,
	"paper_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"sort" integer NOT NULL,
	"score" numeric(5, 1) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "paper_use" (
	"id" serial PRIMARY KEY NOT NULL,
	"paper_id" integer NOT NULL,
	"org_id" integer NOT NULL,
	"city_id" integer,
	"plan_id" integer NOT NULL,
	"session_id" integer NOT NULL,
	"room_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "paper" (
	"id" serial PRIMARY KEY NOT NULL,
	"bank_id" integer NOT NULL,
	"subject_id" integer NOT NULL,
	"kind" smallint NOT NULL,
	"org_id" integer NOT NULL,
	"city_id" integer,
	"work_code" varchar(32) NOT NULL,
	"work_name" varchar(64) NOT NULL,
	"level" smallint NOT NULL,
	"name" varchar(128) NOT NULL,
	"mode" smallint NOT NULL,
	"rules" jsonb,
	"seed" varchar(32),
	"total_score" numeric(6, 1) DEFAULT '0' NOT NULL,
	"question_count" integer DEFAULT 0 NOT NULL,
	"duration_minutes" smallint,
	"status" smallint DEFAULT 0 NOT NULL,
	"remark" varchar(500),
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "paper_kind_chk" CHECK ("paper"."kind" in (0, 1, 2, 3)),
	CONSTRAINT "paper_mode_chk" CHECK ("paper"."mode" in (1, 2)),
	CONSTRAINT "paper_status_chk" CHECK ("paper"."status" in (0, 1))
);
--> statement-breakpoint
CREATE TABLE "question_bank" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" smallint NOT NULL,
	"org_id" integer NOT NULL,
	"city_id" integer,
	"name" varchar(128) NOT NULL,
	"work_code" varchar(32) NOT NULL,
	"work_name" varchar(64) NOT NULL,
	"level" smallint NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"remark" varchar(500),
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "question_bank_kind_chk" CHECK ("question_bank"."kind" in (0, 1, 2, 3)),
	CONSTRAINT "question_bank_level_chk" CHECK ("question_bank"."level" between 1 and 5),
	CONSTRAINT "question_bank_status_chk" CHECK ("question_bank"."status" in (0, 1))
);
--> statement-breakpoint
CREATE TABLE "question_subject" (
	"id" serial PRIMARY KEY NOT NULL,
	"bank_id" integer NOT NULL,
	"org_id" integer NOT NULL,
	"city_id" integer,
	"name" varchar(64) NOT NULL,
	"sort" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "question" (
	"id" serial PRIMARY KEY NOT NULL,
	"bank_id" integer NOT NULL,
	"org_id" integer NOT NULL,
	"city_id" integer,
	"subject_id" integer NOT NULL,
	"kp_id" integer NOT NULL,
	"type" varchar(8) NOT NULL,
	"difficulty" smallint NOT NULL,
	"stem" text NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"answer" text NOT NULL,
	"analysis" text,
	"score" numeric(5, 1) DEFAULT '1' NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"rand" double precision DEFAULT random() NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "question_type_chk" CHECK ("question"."type" in ('single', 'multiple', 'judge', 'fill', 'short', 'task')),
	CONSTRAINT "question_difficulty_chk" CHECK ("question"."difficulty" between 1 and 5),
	CONSTRAINT "question_status_chk" CHECK ("question"."status" in (0, 1))
);
--> statement-breakpoint
CREATE TABLE "teacher_certificate" (
	"id" serial PRIMARY KEY NOT NULL,
	"teacher_id" integer NOT NULL,
	"kind" smallint NOT NULL,
	"code" varchar(64),
	"work_code" varchar(32),
	"work_name" varchar(64),
	"level" varchar(32),
	"file_url" varchar(300) NOT NULL,
	"poster_url" varchar(300),
	"sort" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "teacher_certificate_kind_chk" CHECK ("teacher_certificate"."kind" between 0 and 5)
);
--> statement-breakpoint
CREATE TABLE "teacher_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"teacher_id" integer NOT NULL,
	"action" varchar(32) NOT NULL,
	"from_status" smallint,
	"to_status" smallint,
	"opinion" varchar(500),
	"actor_id" integer NOT NULL,
	"actor_name" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "teacher_relation" (
	"id" serial PRIMARY KEY NOT NULL,
	"teacher_id" integer NOT NULL,
	"org_id" integer NOT NULL,
	"city_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "teacher" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(32) NOT NULL,
	"org_id" integer NOT NULL,
	"city_id" integer,
	"county_id" integer,
	"user_id" integer,
	"nick_name" varchar(64) NOT NULL,
	"name" varchar(64) NOT NULL,
	"user_type" smallint NOT NULL,
	"id_card" varchar(18) NOT NULL,
	"phone" varchar(11) NOT NULL,
	"email" varchar(100) NOT NULL,
	"province_id" integer NOT NULL,
	"area_city_id" integer NOT NULL,
	"district_id" integer,
	"competent_org_id" integer NOT NULL,
	"teacher_type" smallint NOT NULL,
	"content" varchar(2000) NOT NULL,
	"avatar_url" varchar(300) NOT NULL,
	"audit_status" smallint DEFAULT 0 NOT NULL,
	"audit_opinion" varchar(500),
	"audited_by" integer,
	"audited_at" timestamp with time zone,
	"expert_at" timestamp with time zone,
	"expert_field" varchar(200),
	"pushed_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "teacher_code_unique" UNIQUE("code"),
	CONSTRAINT "teacher_user_type_chk" CHECK ("teacher"."user_type" between 0 and 3),
	CONSTRAINT "teacher_teacher_type_chk" CHECK ("teacher"."teacher_type" between 0 and 2),
	CONSTRAINT "teacher_audit_status_chk" CHECK ("teacher"."audit_status" in (0, 1, 2))
);
--> statement-breakpoint
CREATE TABLE "org_evaluation" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"city_id" integer,
	"year" smallint NOT NULL,
	"score" smallint NOT NULL,
	"content" varchar(1000) NOT NULL,
	"evaluator_id" integer NOT NULL,
	"evaluator_name" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "org_evaluation_score_chk" CHECK ("org_evaluation"."score" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "org_profile" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"city_id" integer,
	"short_name" varchar(64),
	"master_id_card" varchar(18),
	"taxpayer_no" varchar(20),
	"bank_of_deposit" varchar(100),
	"bank_account" varchar(32),
	"teachers_number" integer,
	"org_area" integer,
	"train_range" varchar(500),
	"school_permit_code" varchar(64),
	"permit_url" varchar(300),
	"id_front_url" varchar(300),
	"id_back_url" varchar(300),
	"licence_url" varchar(300),
	"logo_url" varchar(300),
	"introduce" varchar(2000),
	"biz_desc" varchar(1000),
	"settle_status" smallint DEFAULT 0 NOT NULL,
	"last_opinion" varchar(500),
	"submitted_at" timestamp with time zone,
	"settled_at" timestamp with time zone,
	"pushed_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "org_profile_org_id_unique" UNIQUE("org_id"),
	CONSTRAINT "org_profile_settle_status_chk" CHECK ("org_profile"."settle_status" between 0 and 6),
	CONSTRAINT "org_profile_numbers_chk" CHECK (coalesce("org_profile"."teachers_number", 0) >= 0 and coalesce("org_profile"."org_area", 0) >= 0)
);
--> statement-breakpoint
CREATE TABLE "org_settle_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"action" varchar(32) NOT NULL,
	"from_status" smallint,
	"to_status" smallint NOT NULL,
	"opinion" varchar(500),
	"actor_id" integer NOT NULL,
	"actor_name" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "train_class_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"class_id" integer NOT NULL,
	"subject" varchar(16) NOT NULL,
	"request_id" integer,
	"action" varchar(32) NOT NULL,
	"from_status" smallint,
	"to_status" smallint,
	"opinion" varchar(500),
	"actor_id" integer,
	"actor_name" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "train_class_request" (
	"id" serial PRIMARY KEY NOT NULL,
	"class_id" integer NOT NULL,
	"org_id" integer NOT NULL,
	"city_id" integer,
	"kind" varchar(16) NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"reason" varchar(500) NOT NULL,
	"old_start_date" date,
	"old_end_date" date,
	"new_start_date" date,
	"new_end_date" date,
	"changes" jsonb,
	"opinion" varchar(500),
	"reviewer_id" integer,
	"reviewer_name" varchar(64),
	"reviewed_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "train_class_request_kind_chk" CHECK ("train_class_request"."kind" in ('postpone', 'correct')),
	CONSTRAINT "train_class_request_status_chk" CHECK ("train_class_request"."status" in (0, 1, 2, 3))
);
--> statement-breakpoint
CREATE TABLE "train_class_teacher" (
	"id" serial PRIMARY KEY NOT NULL,
	"class_id" integer NOT NULL,
	"teacher_id" integer NOT NULL,
	"teacher_name" varchar(64) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "train_class" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(32) NOT NULL,
	"name" varchar(100) NOT NULL,
	"org_id" integer NOT NULL,
	"city_id" integer,
	"county_id" integer,
	"work_code" varchar(32) NOT NULL,
	"work_name" varchar(64) NOT NULL,
	"level" smallint NOT NULL,
	"train_type" varchar(16) NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"hours" smallint NOT NULL,
	"place" varchar(200) NOT NULL,
	"capacity" integer NOT NULL,
	"head_teacher_id" integer,
	"head_teacher_name" varchar(64),
	"contact_name" varchar(64) NOT NULL,
	"contact_phone" varchar(20) NOT NULL,
	"remark" varchar(500),
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"status_before_discard" smallint,
	"student_count" integer DEFAULT 0 NOT NULL,
	"last_opinion" varchar(500),
	"discard_reason" varchar(500),
	"synced_at" timestamp with time zone,
	"submitted_at" timestamp with time zone,
	"approved_at" timestamp with time zone,
	"published_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "train_class_code_unique" UNIQUE("code"),
	CONSTRAINT "train_class_status_chk" CHECK ("train_class"."status" between 0 and 9),
	CONSTRAINT "train_class_level_chk" CHECK ("train_class"."level" between 1 and 5),
	CONSTRAINT "train_class_dates_chk" CHECK ("train_class"."end_date" >= "train_class"."start_date"),
	CONSTRAINT "train_class_hours_chk" CHECK ("train_class"."hours" between 1 and 2000),
	CONSTRAINT "train_class_capacity_chk" CHECK ("train_class"."capacity" between 1 and 2000)
);
--> statement-breakpoint
CREATE TABLE "train_lesson" (
	"id" serial PRIMARY KEY NOT NULL,
	"class_id" integer NOT NULL,
	"org_id" integer NOT NULL,
	"city_id" integer,
	"name" varchar(100) NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"place" varchar(200) NOT NULL,
	"place_key" varchar(200) NOT NULL,
	"teacher_id" integer NOT NULL,
	"teacher_name" varchar(64) NOT NULL,
	"hours" smallint NOT NULL,
	"content" varchar(500),
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "train_lesson_time_chk" CHECK ("train_lesson"."end_at" > "train_lesson"."start_at"),
	CONSTRAINT "train_lesson_hours_chk" CHECK ("train_lesson"."hours" between 1 and 12)
);
--> statement-breakpoint
CREATE TABLE "train_student_import" (
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
	CONSTRAINT "train_student_import_status_chk" CHECK ("train_student_import"."status" in (0, 1, 2))
);
--> statement-breakpoint
CREATE TABLE "train_student" (
	"id" serial PRIMARY KEY NOT NULL,
	"class_id" integer NOT NULL,
	"org_id" integer NOT NULL,
	"city_id" integer,
	"name" varchar(32) NOT NULL,
	"id_number" varchar(18) NOT NULL,
	"gender" varchar(2),
	"birth_date" date,
	"mobile" varchar(11) NOT NULL,
	"education" varchar(16),
	"company" varchar(128),
	"id_card_front" varchar(300),
	"id_card_back" varchar(300),
	"id_check" smallint DEFAULT 0 NOT NULL,
	"id_check_reason" varchar(300),
	"qualification" smallint DEFAULT 0 NOT NULL,
	"qualification_reason" varchar(300),
	"examine" smallint DEFAULT 0 NOT NULL,
	"examine_opinion" varchar(300),
	"attended_hours" smallint,
	"completion" smallint DEFAULT 0 NOT NULL,
	"remark" varchar(500),
	"import_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "train_student_checks_chk" CHECK ("train_student"."id_check" in (0, 1, 2) and "train_student"."qualification" in (0, 1, 2) and "train_student"."examine" in (0, 1, 2) and "train_student"."completion" in (0, 1, 2)),
	CONSTRAINT "train_student_hours_chk" CHECK ("train_student"."attended_hours" is null or "train_student"."attended_hours" between 0 and 2000)
);
--> statement-breakpoint
CREATE TABLE "exam_affair_attach" (
	"id" serial PRIMARY KEY NOT NULL,
	"plan_id" integer NOT NULL,
	"org_id" integer NOT NULL,
	"city_id" integer,
	"session_id" integer,
	"room_id" integer,
	"kind" varchar(16) NOT NULL,
	"name" varchar(200) NOT NULL,
	"url" varchar(300) NOT NULL,
	"size" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_by_name" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exam_affair_attach_kind_chk" CHECK ("exam_affair_attach"."kind" in ('signIn', 'photo', 'other'))
);
--> statement-breakpoint
CREATE TABLE "exam_office_staff" (
	"id" serial PRIMARY KEY NOT NULL,
	"office_id" integer NOT NULL,
	"person_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exam_office" (
	"id" serial PRIMARY KEY NOT NULL,
	"plan_id" integer NOT NULL,
	"org_id" integer NOT NULL,
	"city_id" integer,
	"place" varchar(200) NOT NULL,
	"contact_name" varchar(64) NOT NULL,
	"contact_phone" varchar(20) NOT NULL,
	"remark" varchar(500),
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exam_offline_paper" (
	"id" serial PRIMARY KEY NOT NULL,
	"plan_id" integer NOT NULL,
	"org_id" integer NOT NULL,
	"city_id" integer,
	"name" varchar(128) NOT NULL,
	"subject" smallint,
	"file_url" varchar(300) NOT NULL,
	"file_name" varchar(200) NOT NULL,
	"size" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exam_offline_paper_subject_chk" CHECK ("exam_offline_paper"."subject" is null or "exam_offline_paper"."subject" in (1, 2, 3))
);
--> statement-breakpoint
CREATE TABLE "exam_room_paper" (
	"id" serial PRIMARY KEY NOT NULL,
	"plan_id" integer NOT NULL,
	"org_id" integer NOT NULL,
	"city_id" integer,
	"session_id" integer NOT NULL,
	"room_id" integer NOT NULL,
	"source" smallint NOT NULL,
	"paper_id" integer,
	"offline_paper_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exam_room_paper_source_chk" CHECK (("exam_room_paper"."source" = 1 and "exam_room_paper"."paper_id" is not null and "exam_room_paper"."offline_paper_id" is null) or ("exam_room_paper"."source" = 2 and "exam_room_paper"."offline_paper_id" is not null and "exam_room_paper"."paper_id" is null))
);
--> statement-breakpoint
CREATE TABLE "exa_exam_abnormal_record" (
	"id" serial PRIMARY KEY NOT NULL,
	"plan_id" integer NOT NULL,
	"org_id" integer NOT NULL,
	"city_id" integer,
	"session_id" integer NOT NULL,
	"room_id" integer,
	"examinee_id" integer,
	"examinee_name" varchar(32),
	"ticket_no" varchar(32),
	"kind" smallint NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"description" varchar(1000) NOT NULL,
	"handling" varchar(500),
	"files" varchar(300)[] DEFAULT '{}'::varchar[] NOT NULL,
	"reporter_id" integer,
	"reporter_name" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exa_exam_abnormal_record_kind_chk" CHECK ("exa_exam_abnormal_record"."kind" between 1 and 6)
);
--> statement-breakpoint
CREATE TABLE "exa_china_network_file" (
	"id" serial PRIMARY KEY NOT NULL,
	"plan_id" integer NOT NULL,
	"org_id" integer NOT NULL,
	"city_id" integer,
	"name" varchar(128) NOT NULL,
	"file_type" smallint NOT NULL,
	"url" varchar(300) NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"committed_at" timestamp with time zone,
	"committed_by" varchar(64),
	"created_by" integer,
	"created_by_name" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exa_china_network_file_type_chk" CHECK ("exa_china_network_file"."file_type" between 1 and 4),
	CONSTRAINT "exa_china_network_file_status_chk" CHECK ("exa_china_network_file"."status" in (0, 1))
);
--> statement-breakpoint
CREATE TABLE "exa_supervisor_opinion" (
	"id" serial PRIMARY KEY NOT NULL,
	"plan_id" integer NOT NULL,
	"org_id" integer NOT NULL,
	"city_id" integer,
	"session_id" integer,
	"person_id" integer NOT NULL,
	"user_id" integer,
	"author_name" varchar(64) NOT NULL,
	"conclusion" smallint NOT NULL,
	"content" varchar(2000) NOT NULL,
	"files" varchar(300)[] DEFAULT '{}'::varchar[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exa_supervisor_opinion_conclusion_chk" CHECK ("exa_supervisor_opinion"."conclusion" in (1, 2, 3))
);
--> statement-breakpoint
CREATE TABLE "exa_supervisor_opinion_org" (
	"id" serial PRIMARY KEY NOT NULL,
	"plan_id" integer NOT NULL,
	"org_id" integer NOT NULL,
	"city_id" integer,
	"person_id" integer NOT NULL,
	"user_id" integer,
	"author_name" varchar(64) NOT NULL,
	"rating" smallint NOT NULL,
	"content" varchar(2000) NOT NULL,
	"suggestion" varchar(1000),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exa_supervisor_opinion_org_rating_chk" CHECK ("exa_supervisor_opinion_org"."rating" in (1, 2, 3))
);
--> statement-breakpoint
CREATE TABLE "exam_result" (
	"examinee_id" integer PRIMARY KEY NOT NULL,
	"plan_id" integer NOT NULL,
	"org_id" integer NOT NULL,
	"city_id" integer,
	"result" smallint DEFAULT 0 NOT NULL,
	"reason" varchar(200),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exam_result_result_chk" CHECK ("exam_result"."result" in (0, 1, 2))
);
--> statement-breakpoint
CREATE TABLE "exam_score_correction" (
	"id" serial PRIMARY KEY NOT NULL,
	"score_id" integer NOT NULL,
	"plan_id" integer NOT NULL,
	"org_id" integer NOT NULL,
	"city_id" integer,
	"examinee_id" integer NOT NULL,
	"subject" smallint NOT NULL,
	"before_score" numeric(4, 1),
	"before_mark" smallint NOT NULL,
	"after_score" numeric(4, 1),
	"after_mark" smallint NOT NULL,
	"reason" varchar(500) NOT NULL,
	"objection_id" integer,
	"actor_id" integer,
	"actor_name" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exam_score" (
	"id" serial PRIMARY KEY NOT NULL,
	"plan_id" integer NOT NULL,
	"org_id" integer NOT NULL,
	"city_id" integer,
	"examinee_id" integer NOT NULL,
	"subject" smallint NOT NULL,
	"session_id" integer,
	"score" numeric(4, 1),
	"mark" smallint DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"entered_by" integer,
	"entered_by_name" varchar(64),
	"submitted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exam_score_subject_chk" CHECK ("exam_score"."subject" in (1, 2, 3)),
	CONSTRAINT "exam_score_mark_chk" CHECK ("exam_score"."mark" in (0, 1, 2)),
	CONSTRAINT "exam_score_status_chk" CHECK ("exam_score"."status" in (0, 1)),
	CONSTRAINT "exam_score_value_chk" CHECK (("exam_score"."mark" = 0 and "exam_score"."score" between 0 and 100) or ("exam_score"."mark" <> 0 and "exam_score"."score" is null))
);
--> statement-breakpoint
CREATE TABLE "score_objection" (
	"id" serial PRIMARY KEY NOT NULL,
	"publicity_id" integer NOT NULL,
	"plan_id" integer NOT NULL,
	"org_id" integer NOT NULL,
	"city_id" integer,
	"examinee_id" integer,
	"raised_by" varchar(64) NOT NULL,
	"contact" varchar(20),
	"content" varchar(500) NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"resolution" varchar(500),
	"recorded_by" integer,
	"recorded_by_name" varchar(64) NOT NULL,
	"resolved_by" integer,
	"resolved_by_name" varchar(64),
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "score_objection_status_chk" CHECK ("score_objection"."status" in (0, 1)),
	CONSTRAINT "score_objection_resolved_chk" CHECK ("score_objection"."status" = 0 or "score_objection"."resolution" is not null)
);
--> statement-breakpoint
CREATE TABLE "score_publicity" (
	"id" serial PRIMARY KEY NOT NULL,
	"plan_id" integer NOT NULL,
	"org_id" integer NOT NULL,
	"city_id" integer,
	"public_code" uuid DEFAULT gen_random_uuid() NOT NULL,
	"working_days" smallint NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"started_by" integer,
	"started_by_name" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "score_publicity_period_chk" CHECK ("score_publicity"."ends_at" > "score_publicity"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "person" ADD COLUMN "user_id" integer;--> statement-breakpoint
ALTER TABLE "recording" ADD CONSTRAINT "recording_plan_id_exam_plan_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."exam_plan"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recording" ADD CONSTRAINT "recording_site_id_exam_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."exam_site"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_point" ADD CONSTRAINT "knowledge_point_org_id_organisation_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisation"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paper_question" ADD CONSTRAINT "paper_question_paper_id_paper_id_fk" FOREIGN KEY ("paper_id") REFERENCES "public"."paper"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paper_question" ADD CONSTRAINT "paper_question_question_id_question_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."question"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paper_use" ADD CONSTRAINT "paper_use_paper_id_paper_id_fk" FOREIGN KEY ("paper_id") REFERENCES "public"."paper"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paper_use" ADD CONSTRAINT "paper_use_plan_id_exam_plan_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."exam_plan"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paper_use" ADD CONSTRAINT "paper_use_session_id_exam_session_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."exam_session"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paper_use" ADD CONSTRAINT "paper_use_room_id_exam_room_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."exam_room"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paper" ADD CONSTRAINT "paper_bank_id_question_bank_id_fk" FOREIGN KEY ("bank_id") REFERENCES "public"."question_bank"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paper" ADD CONSTRAINT "paper_subject_id_question_subject_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."question_subject"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paper" ADD CONSTRAINT "paper_org_id_organisation_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisation"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_bank" ADD CONSTRAINT "question_bank_org_id_organisation_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisation"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_subject" ADD CONSTRAINT "question_subject_bank_id_question_bank_id_fk" FOREIGN KEY ("bank_id") REFERENCES "public"."question_bank"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question" ADD CONSTRAINT "question_bank_id_question_bank_id_fk" FOREIGN KEY ("bank_id") REFERENCES "public"."question_bank"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question" ADD CONSTRAINT "question_subject_id_question_subject_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."question_subject"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question" ADD CONSTRAINT "question_kp_id_knowledge_point_id_fk" FOREIGN KEY ("kp_id") REFERENCES "public"."knowledge_point"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teacher_certificate" ADD CONSTRAINT "teacher_certificate_teacher_id_teacher_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teacher"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teacher_history" ADD CONSTRAINT "teacher_history_teacher_id_teacher_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teacher"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teacher_relation" ADD CONSTRAINT "teacher_relation_teacher_id_teacher_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teacher"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teacher_relation" ADD CONSTRAINT "teacher_relation_org_id_organisation_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisation"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teacher" ADD CONSTRAINT "teacher_org_id_organisation_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisation"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teacher" ADD CONSTRAINT "teacher_competent_org_id_organisation_id_fk" FOREIGN KEY ("competent_org_id") REFERENCES "public"."organisation"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_evaluation" ADD CONSTRAINT "org_evaluation_org_id_organisation_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisation"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_profile" ADD CONSTRAINT "org_profile_org_id_organisation_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisation"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_settle_history" ADD CONSTRAINT "org_settle_history_org_id_organisation_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisation"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "train_class_history" ADD CONSTRAINT "train_class_history_class_id_train_class_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."train_class"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "train_class_request" ADD CONSTRAINT "train_class_request_class_id_train_class_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."train_class"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "train_class_teacher" ADD CONSTRAINT "train_class_teacher_class_id_train_class_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."train_class"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "train_class_teacher" ADD CONSTRAINT "train_class_teacher_teacher_id_teacher_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teacher"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "train_class" ADD CONSTRAINT "train_class_org_id_organisation_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisation"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "train_class" ADD CONSTRAINT "train_class_head_teacher_id_teacher_id_fk" FOREIGN KEY ("head_teacher_id") REFERENCES "public"."teacher"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "train_lesson" ADD CONSTRAINT "train_lesson_class_id_train_class_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."train_class"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "train_lesson" ADD CONSTRAINT "train_lesson_teacher_id_teacher_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teacher"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "train_student_import" ADD CONSTRAINT "train_student_import_class_id_train_class_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."train_class"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "train_student" ADD CONSTRAINT "train_student_class_id_train_class_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."train_class"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_affair_attach" ADD CONSTRAINT "exam_affair_attach_plan_id_exam_plan_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."exam_plan"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_affair_attach" ADD CONSTRAINT "exam_affair_attach_session_id_exam_session_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."exam_session"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_affair_attach" ADD CONSTRAINT "exam_affair_attach_room_id_exam_room_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."exam_room"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_office_staff" ADD CONSTRAINT "exam_office_staff_office_id_exam_office_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."exam_office"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_office_staff" ADD CONSTRAINT "exam_office_staff_person_id_person_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."person"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_office" ADD CONSTRAINT "exam_office_plan_id_exam_plan_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."exam_plan"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_offline_paper" ADD CONSTRAINT "exam_offline_paper_plan_id_exam_plan_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."exam_plan"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_room_paper" ADD CONSTRAINT "exam_room_paper_plan_id_exam_plan_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."exam_plan"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_room_paper" ADD CONSTRAINT "exam_room_paper_session_id_exam_session_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."exam_session"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_room_paper" ADD CONSTRAINT "exam_room_paper_room_id_exam_room_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."exam_room"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_room_paper" ADD CONSTRAINT "exam_room_paper_offline_paper_id_exam_offline_paper_id_fk" FOREIGN KEY ("offline_paper_id") REFERENCES "public"."exam_offline_paper"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exa_exam_abnormal_record" ADD CONSTRAINT "exa_exam_abnormal_record_plan_id_exam_plan_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."exam_plan"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exa_exam_abnormal_record" ADD CONSTRAINT "exa_exam_abnormal_record_session_id_exam_session_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."exam_session"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exa_exam_abnormal_record" ADD CONSTRAINT "exa_exam_abnormal_record_room_id_exam_room_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."exam_room"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exa_exam_abnormal_record" ADD CONSTRAINT "exa_exam_abnormal_record_examinee_id_examinee_id_fk" FOREIGN KEY ("examinee_id") REFERENCES "public"."examinee"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exa_china_network_file" ADD CONSTRAINT "exa_china_network_file_plan_id_exam_plan_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."exam_plan"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exa_supervisor_opinion" ADD CONSTRAINT "exa_supervisor_opinion_plan_id_exam_plan_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."exam_plan"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exa_supervisor_opinion" ADD CONSTRAINT "exa_supervisor_opinion_session_id_exam_session_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."exam_session"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exa_supervisor_opinion" ADD CONSTRAINT "exa_supervisor_opinion_person_id_person_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."person"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exa_supervisor_opinion_org" ADD CONSTRAINT "exa_supervisor_opinion_org_plan_id_exam_plan_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."exam_plan"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exa_supervisor_opinion_org" ADD CONSTRAINT "exa_supervisor_opinion_org_person_id_person_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."person"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_result" ADD CONSTRAINT "exam_result_examinee_id_examinee_id_fk" FOREIGN KEY ("examinee_id") REFERENCES "public"."examinee"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_result" ADD CONSTRAINT "exam_result_plan_id_exam_plan_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."exam_plan"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_score_correction" ADD CONSTRAINT "exam_score_correction_score_id_exam_score_id_fk" FOREIGN KEY ("score_id") REFERENCES "public"."exam_score"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_score" ADD CONSTRAINT "exam_score_plan_id_exam_plan_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."exam_plan"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_score" ADD CONSTRAINT "exam_score_examinee_id_examinee_id_fk" FOREIGN KEY ("examinee_id") REFERENCES "public"."examinee"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_objection" ADD CONSTRAINT "score_objection_publicity_id_score_publicity_id_fk" FOREIGN KEY ("publicity_id") REFERENCES "public"."score_publicity"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_objection" ADD CONSTRAINT "score_objection_examinee_id_examinee_id_fk" FOREIGN KEY ("examinee_id") REFERENCES "public"."examinee"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_publicity" ADD CONSTRAINT "score_publicity_plan_id_exam_plan_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."exam_plan"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "recording_plan_idx" ON "recording" USING btree ("plan_id","recording_time","id");--> statement-breakpoint
CREATE INDEX "recording_site_idx" ON "recording" USING btree ("site_id");--> statement-breakpoint
CREATE UNIQUE INDEX "recording_video_uq" ON "recording" USING btree ("video_url");--> statement-breakpoint
CREATE INDEX "recording_org_idx" ON "recording" USING btree ("org_id");--> statement-breakpoint
CREATE INDEX "recording_city_idx" ON "recording" USING btree ("city_id");--> statement-breakpoint
CREATE UNIQUE INDEX "knowledge_point_name_uq" ON "knowledge_point" USING btree ("org_id","work_code","parent_id","name");--> statement-breakpoint
CREATE INDEX "knowledge_point_parent_idx" ON "knowledge_point" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "paper_question_uq" ON "paper_question" USING btree ("paper_id","question_id");--> statement-breakpoint
CREATE INDEX "paper_question_paper_idx" ON "paper_question" USING btree ("paper_id","sort");--> statement-breakpoint
CREATE INDEX "paper_question_question_idx" ON "paper_question" USING btree ("question_id");--> statement-breakpoint
CREATE UNIQUE INDEX "paper_use_slot_uq" ON "paper_use" USING btree ("session_id",coalesce("room_id", 0));--> statement-breakpoint
CREATE INDEX "paper_use_paper_idx" ON "paper_use" USING btree ("paper_id");--> statement-breakpoint
CREATE INDEX "paper_use_plan_idx" ON "paper_use" USING btree ("plan_id");--> statement-breakpoint
CREATE INDEX "paper_org_idx" ON "paper" USING btree ("org_id","id");--> statement-breakpoint
CREATE INDEX "paper_city_idx" ON "paper" USING btree ("city_id","id");--> statement-breakpoint
CREATE INDEX "paper_bank_idx" ON "paper" USING btree ("bank_id");--> statement-breakpoint
CREATE UNIQUE INDEX "question_bank_org_work_uq" ON "question_bank" USING btree ("org_id","kind","work_code","level");--> statement-breakpoint
CREATE INDEX "question_bank_org_idx" ON "question_bank" USING btree ("org_id","kind","id");--> statement-breakpoint
CREATE INDEX "question_bank_city_idx" ON "question_bank" USING btree ("city_id","kind","id");--> statement-breakpoint
CREATE UNIQUE INDEX "question_subject_bank_name_uq" ON "question_subject" USING btree ("bank_id","name");--> statement-breakpoint
CREATE INDEX "question_subject_org_idx" ON "question_subject" USING btree ("org_id");--> statement-breakpoint
CREATE INDEX "question_bank_idx" ON "question" USING btree ("bank_id","id");--> statement-breakpoint
CREATE INDEX "question_kp_idx" ON "question" USING btree ("kp_id");--> statement-breakpoint
CREATE INDEX "question_subject_idx" ON "question" USING btree ("subject_id");--> statement-breakpoint
CREATE INDEX "question_compose_rand_idx" ON "question" USING btree ("bank_id","subject_id","type","rand") WHERE "question"."status" = 0;--> statement-breakpoint
CREATE INDEX "question_compose_idx" ON "question" USING btree ("bank_id","subject_id","type","kp_id","difficulty","rand") WHERE "question"."status" = 0;--> statement-breakpoint
CREATE INDEX "teacher_certificate_teacher_idx" ON "teacher_certificate" USING btree ("teacher_id","sort");--> statement-breakpoint
CREATE INDEX "teacher_history_teacher_idx" ON "teacher_history" USING btree ("teacher_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "teacher_relation_uq" ON "teacher_relation" USING btree ("teacher_id","org_id");--> statement-breakpoint
CREATE INDEX "teacher_relation_org_idx" ON "teacher_relation" USING btree ("org_id","teacher_id");--> statement-breakpoint
CREATE INDEX "teacher_relation_city_idx" ON "teacher_relation" USING btree ("city_id");--> statement-breakpoint
CREATE UNIQUE INDEX "teacher_id_card_uq" ON "teacher" USING btree ("id_card") WHERE "teacher"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "teacher_org_idx" ON "teacher" USING btree ("org_id","id");--> statement-breakpoint
CREATE INDEX "teacher_city_idx" ON "teacher" USING btree ("city_id","id");--> statement-breakpoint
CREATE INDEX "teacher_county_idx" ON "teacher" USING btree ("county_id");--> statement-breakpoint
CREATE INDEX "teacher_audit_idx" ON "teacher" USING btree ("audit_status","id");--> statement-breakpoint
CREATE INDEX "teacher_name_idx" ON "teacher" USING btree ("name");--> statement-breakpoint
CREATE INDEX "teacher_user_idx" ON "teacher" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "teacher_competent_idx" ON "teacher" USING btree ("competent_org_id");--> statement-breakpoint
CREATE INDEX "teacher_expert_idx" ON "teacher" USING btree ("expert_at");--> statement-breakpoint
CREATE UNIQUE INDEX "org_evaluation_org_year_uq" ON "org_evaluation" USING btree ("org_id","year");--> statement-breakpoint
CREATE INDEX "org_evaluation_city_idx" ON "org_evaluation" USING btree ("city_id","year");--> statement-breakpoint
CREATE INDEX "org_evaluation_year_idx" ON "org_evaluation" USING btree ("year","score");--> statement-breakpoint
CREATE INDEX "org_profile_city_idx" ON "org_profile" USING btree ("city_id","settle_status");--> statement-breakpoint
CREATE INDEX "org_profile_status_idx" ON "org_profile" USING btree ("settle_status","updated_at");--> statement-breakpoint
CREATE INDEX "org_settle_history_org_idx" ON "org_settle_history" USING btree ("org_id","created_at");--> statement-breakpoint
CREATE INDEX "train_class_history_class_idx" ON "train_class_history" USING btree ("class_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "train_class_request_pending_uq" ON "train_class_request" USING btree ("class_id","kind") WHERE "train_class_request"."status" = 0;--> statement-breakpoint
CREATE INDEX "train_class_request_org_idx" ON "train_class_request" USING btree ("org_id","kind","id");--> statement-breakpoint
CREATE INDEX "train_class_request_city_idx" ON "train_class_request" USING btree ("city_id","kind","status","id");--> statement-breakpoint
CREATE INDEX "train_class_request_kind_idx" ON "train_class_request" USING btree ("kind","status","id");--> statement-breakpoint
CREATE INDEX "train_class_request_class_idx" ON "train_class_request" USING btree ("class_id");--> statement-breakpoint
CREATE UNIQUE INDEX "train_class_teacher_uq" ON "train_class_teacher" USING btree ("class_id","teacher_id");--> statement-breakpoint
CREATE INDEX "train_class_teacher_teacher_idx" ON "train_class_teacher" USING btree ("teacher_id");--> statement-breakpoint
CREATE INDEX "train_class_org_idx" ON "train_class" USING btree ("org_id","status","id");--> statement-breakpoint
CREATE INDEX "train_class_city_idx" ON "train_class" USING btree ("city_id","status","id");--> statement-breakpoint
CREATE INDEX "train_class_county_idx" ON "train_class" USING btree ("county_id","id");--> statement-breakpoint
CREATE INDEX "train_class_status_idx" ON "train_class" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "train_class_work_idx" ON "train_class" USING btree ("work_code","level","start_date");--> statement-breakpoint
CREATE INDEX "train_class_start_idx" ON "train_class" USING btree ("start_date");--> statement-breakpoint
CREATE INDEX "train_class_name_idx" ON "train_class" USING btree ("name");--> statement-breakpoint
CREATE INDEX "train_class_head_teacher_idx" ON "train_class" USING btree ("head_teacher_id");--> statement-breakpoint
CREATE INDEX "train_lesson_class_idx" ON "train_lesson" USING btree ("class_id","start_at");--> statement-breakpoint
CREATE INDEX "train_lesson_teacher_idx" ON "train_lesson" USING btree ("teacher_id","start_at");--> statement-breakpoint
CREATE INDEX "train_lesson_place_idx" ON "train_lesson" USING btree ("org_id","place_key","start_at");--> statement-breakpoint
CREATE INDEX "train_lesson_city_idx" ON "train_lesson" USING btree ("city_id","start_at");--> statement-breakpoint
CREATE INDEX "train_lesson_org_start_idx" ON "train_lesson" USING btree ("org_id","start_at");--> statement-breakpoint
CREATE INDEX "train_lesson_start_idx" ON "train_lesson" USING btree ("start_at");--> statement-breakpoint
CREATE INDEX "train_student_import_class_idx" ON "train_student_import" USING btree ("class_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "train_student_class_person_uq" ON "train_student" USING btree ("class_id","id_number");--> statement-breakpoint
CREATE INDEX "train_student_class_idx" ON "train_student" USING btree ("class_id","id");--> statement-breakpoint
CREATE INDEX "train_student_org_idx" ON "train_student" USING btree ("org_id","id");--> statement-breakpoint
CREATE INDEX "train_student_city_idx" ON "train_student" USING btree ("city_id","id");--> statement-breakpoint
CREATE INDEX "train_student_id_number_idx" ON "train_student" USING btree ("id_number");--> statement-breakpoint
CREATE INDEX "exam_affair_attach_plan_idx" ON "exam_affair_attach" USING btree ("plan_id","id");--> statement-breakpoint
CREATE INDEX "exam_affair_attach_session_idx" ON "exam_affair_attach" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "exam_affair_attach_org_idx" ON "exam_affair_attach" USING btree ("org_id");--> statement-breakpoint
CREATE INDEX "exam_affair_attach_city_idx" ON "exam_affair_attach" USING btree ("city_id");--> statement-breakpoint
CREATE UNIQUE INDEX "exam_office_staff_uq" ON "exam_office_staff" USING btree ("office_id","person_id");--> statement-breakpoint
CREATE INDEX "exam_office_staff_person_idx" ON "exam_office_staff" USING btree ("person_id");--> statement-breakpoint
CREATE UNIQUE INDEX "exam_office_plan_uq" ON "exam_office" USING btree ("plan_id");--> statement-breakpoint
CREATE INDEX "exam_office_org_idx" ON "exam_office" USING btree ("org_id");--> statement-breakpoint
CREATE INDEX "exam_office_city_idx" ON "exam_office" USING btree ("city_id");--> statement-breakpoint
CREATE UNIQUE INDEX "exam_offline_paper_plan_name_uq" ON "exam_offline_paper" USING btree ("plan_id","name");--> statement-breakpoint
CREATE INDEX "exam_offline_paper_plan_idx" ON "exam_offline_paper" USING btree ("plan_id","id");--> statement-breakpoint
CREATE INDEX "exam_offline_paper_org_idx" ON "exam_offline_paper" USING btree ("org_id");--> statement-breakpoint
CREATE INDEX "exam_offline_paper_city_idx" ON "exam_offline_paper" USING btree ("city_id");--> statement-breakpoint
CREATE UNIQUE INDEX "exam_room_paper_slot_uq" ON "exam_room_paper" USING btree ("session_id","room_id");--> statement-breakpoint
CREATE INDEX "exam_room_paper_plan_idx" ON "exam_room_paper" USING btree ("plan_id");--> statement-breakpoint
CREATE INDEX "exam_room_paper_paper_idx" ON "exam_room_paper" USING btree ("paper_id");--> statement-breakpoint
CREATE INDEX "exam_room_paper_offline_idx" ON "exam_room_paper" USING btree ("offline_paper_id");--> statement-breakpoint
CREATE INDEX "exam_room_paper_org_idx" ON "exam_room_paper" USING btree ("org_id");--> statement-breakpoint
CREATE INDEX "exam_room_paper_city_idx" ON "exam_room_paper" USING btree ("city_id");--> statement-breakpoint
CREATE INDEX "exa_exam_abnormal_record_plan_idx" ON "exa_exam_abnormal_record" USING btree ("plan_id","occurred_at","id");--> statement-breakpoint
CREATE INDEX "exa_exam_abnormal_record_session_idx" ON "exa_exam_abnormal_record" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "exa_exam_abnormal_record_org_idx" ON "exa_exam_abnormal_record" USING btree ("org_id","id");--> statement-breakpoint
CREATE INDEX "exa_exam_abnormal_record_city_idx" ON "exa_exam_abnormal_record" USING btree ("city_id","id");--> statement-breakpoint
CREATE INDEX "exa_china_network_file_plan_idx" ON "exa_china_network_file" USING btree ("plan_id","id");--> statement-breakpoint
CREATE INDEX "exa_china_network_file_org_idx" ON "exa_china_network_file" USING btree ("org_id");--> statement-breakpoint
CREATE INDEX "exa_china_network_file_city_idx" ON "exa_china_network_file" USING btree ("city_id");--> statement-breakpoint
CREATE INDEX "exa_supervisor_opinion_plan_idx" ON "exa_supervisor_opinion" USING btree ("plan_id","id");--> statement-breakpoint
CREATE INDEX "exa_supervisor_opinion_org_idx" ON "exa_supervisor_opinion" USING btree ("org_id","id");--> statement-breakpoint
CREATE INDEX "exa_supervisor_opinion_city_idx" ON "exa_supervisor_opinion" USING btree ("city_id","id");--> statement-breakpoint
CREATE INDEX "exa_supervisor_opinion_person_idx" ON "exa_supervisor_opinion" USING btree ("person_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "exa_supervisor_opinion_org_plan_person_uq" ON "exa_supervisor_opinion_org" USING btree ("plan_id","person_id");--> statement-breakpoint
CREATE INDEX "exa_supervisor_opinion_org_org_idx" ON "exa_supervisor_opinion_org" USING btree ("org_id","id");--> statement-breakpoint
CREATE INDEX "exa_supervisor_opinion_org_city_idx" ON "exa_supervisor_opinion_org" USING btree ("city_id","id");--> statement-breakpoint
CREATE INDEX "exam_result_plan_idx" ON "exam_result" USING btree ("plan_id","result","examinee_id");--> statement-breakpoint
CREATE INDEX "exam_score_correction_score_idx" ON "exam_score_correction" USING btree ("score_id","created_at");--> statement-breakpoint
CREATE INDEX "exam_score_correction_examinee_idx" ON "exam_score_correction" USING btree ("examinee_id","created_at");--> statement-breakpoint
CREATE INDEX "exam_score_correction_plan_idx" ON "exam_score_correction" USING btree ("plan_id");--> statement-breakpoint
CREATE UNIQUE INDEX "exam_score_examinee_subject_uq" ON "exam_score" USING btree ("examinee_id","subject");--> statement-breakpoint
CREATE INDEX "exam_score_plan_idx" ON "exam_score" USING btree ("plan_id","subject","status");--> statement-breakpoint
CREATE INDEX "score_objection_publicity_idx" ON "score_objection" USING btree ("publicity_id","status");--> statement-breakpoint
CREATE INDEX "score_objection_plan_idx" ON "score_objection" USING btree ("plan_id","status");--> statement-breakpoint
CREATE INDEX "score_objection_org_idx" ON "score_objection" USING btree ("org_id");--> statement-breakpoint
CREATE INDEX "score_objection_city_idx" ON "score_objection" USING btree ("city_id");--> statement-breakpoint
CREATE UNIQUE INDEX "score_publicity_plan_uq" ON "score_publicity" USING btree ("plan_id");--> statement-breakpoint
CREATE UNIQUE INDEX "score_publicity_code_uq" ON "score_publicity" USING btree ("public_code");--> statement-breakpoint
CREATE INDEX "score_publicity_org_idx" ON "score_publicity" USING btree ("org_id","id");--> statement-breakpoint
CREATE INDEX "score_publicity_city_idx" ON "score_publicity" USING btree ("city_id","id");--> statement-breakpoint
ALTER TABLE "person" ADD CONSTRAINT "person_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "person_library_user_uq" ON "person" USING btree ("library","user_id");