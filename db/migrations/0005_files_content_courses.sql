CREATE TABLE "content_article" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" varchar(8) NOT NULL,
	"title" varchar(200) NOT NULL,
	"summary" varchar(500) DEFAULT '' NOT NULL,
	"body" text NOT NULL,
	"cover_url" varchar(500),
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"category" varchar(16) NOT NULL,
	"status" varchar(12) DEFAULT 'draft' NOT NULL,
	"publish_at" timestamp with time zone,
	"top" boolean DEFAULT false NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"city_id" integer,
	"read_count" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"published_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_article_title_uq" UNIQUE NULLS NOT DISTINCT("kind","city_id","title"),
	CONSTRAINT "content_article_kind_chk" CHECK ("content_article"."kind" in ('notice', 'news', 'policy', 'help')),
	CONSTRAINT "content_article_status_chk" CHECK ("content_article"."status" in ('draft', 'published', 'withdrawn')),
	CONSTRAINT "content_article_published_chk" CHECK ("content_article"."status" <> 'published' or "content_article"."publish_at" is not null)
);
--> statement-breakpoint
CREATE TABLE "content_banner" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" varchar(100) NOT NULL,
	"image_url" varchar(500) NOT NULL,
	"link" varchar(500),
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"start_date" date,
	"end_date" date,
	"city_id" integer,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_banner_title_uq" UNIQUE NULLS NOT DISTINCT("city_id","title"),
	CONSTRAINT "content_banner_dates_chk" CHECK ("content_banner"."end_date" is null or "content_banner"."start_date" is null or "content_banner"."end_date" >= "content_banner"."start_date")
);
--> statement-breakpoint
CREATE TABLE "chapter_courseware" (
	"id" serial PRIMARY KEY NOT NULL,
	"chapter_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"title" varchar(100) NOT NULL,
	"kind" varchar(10) NOT NULL,
	"url" varchar(500) NOT NULL,
	"file_size" integer,
	"duration" integer,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chapter_courseware_kind_chk" CHECK ("chapter_courseware"."kind" in ('video', 'pdf', 'image', 'document')),
	CONSTRAINT "chapter_courseware_duration_chk" CHECK ("chapter_courseware"."duration" is null or "chapter_courseware"."duration" between 1 and 86400)
);
--> statement-breakpoint
CREATE TABLE "class_course" (
	"id" serial PRIMARY KEY NOT NULL,
	"class_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "class_course_uq" UNIQUE("class_id","course_id")
);
--> statement-breakpoint
CREATE TABLE "course_chapter" (
	"id" serial PRIMARY KEY NOT NULL,
	"course_id" integer NOT NULL,
	"title" varchar(100) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "course_classify" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(32) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"remark" varchar(200),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_classify_name_uq" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "course_comment" (
	"id" serial PRIMARY KEY NOT NULL,
	"course_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"rating" smallint NOT NULL,
	"content" varchar(500) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_comment_user_uq" UNIQUE("course_id","user_id"),
	CONSTRAINT "course_comment_rating_chk" CHECK ("course_comment"."rating" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "course_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"course_id" integer NOT NULL,
	"action" varchar(16) NOT NULL,
	"from_status" smallint NOT NULL,
	"to_status" smallint NOT NULL,
	"opinion" varchar(500),
	"actor_id" integer,
	"actor_name" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "course_tag_link" (
	"course_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	CONSTRAINT "course_tag_link_course_id_tag_id_pk" PRIMARY KEY("course_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "course_tag" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(32) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_tag_name_uq" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "course_type" (
	"id" serial PRIMARY KEY NOT NULL,
	"parent_id" integer,
	"name" varchar(64) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"remark" varchar(200),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_type_parent_name_uq" UNIQUE NULLS NOT DISTINCT("parent_id","name")
);
--> statement-breakpoint
CREATE TABLE "course" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(32) NOT NULL,
	"kind" varchar(8) NOT NULL,
	"name" varchar(100) NOT NULL,
	"type_id" integer NOT NULL,
	"classify_id" integer,
	"train_type" varchar(16),
	"work_code" varchar(32),
	"work_name" varchar(64),
	"cover" varchar(500),
	"intro" varchar(2000),
	"teacher_name" varchar(64) NOT NULL,
	"hours" smallint NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"last_opinion" varchar(500),
	"org_id" integer,
	"city_id" integer,
	"submitted_at" timestamp with time zone,
	"audited_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_code_unique" UNIQUE("code"),
	CONSTRAINT "course_kind_chk" CHECK ("course"."kind" in ('picture', 'video')),
	CONSTRAINT "course_status_chk" CHECK ("course"."status" between 0 and 4),
	CONSTRAINT "course_hours_chk" CHECK ("course"."hours" between 1 and 999)
);
--> statement-breakpoint
CREATE TABLE "excellent_course" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(16) NOT NULL,
	"course_id" integer NOT NULL,
	"recommendation" varchar(200),
	"sort" integer DEFAULT 0 NOT NULL,
	"arraigned" smallint DEFAULT 1 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "excellent_course_code_unique" UNIQUE("code"),
	CONSTRAINT "excellent_course_course_uq" UNIQUE("course_id"),
	CONSTRAINT "excellent_course_arraigned_chk" CHECK ("excellent_course"."arraigned" in (0, 1))
);
--> statement-breakpoint
CREATE TABLE "file_ref" (
	"id" serial PRIMARY KEY NOT NULL,
	"file_id" integer NOT NULL,
	"entity" varchar(64) NOT NULL,
	"entity_id" integer NOT NULL,
	"is_public" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "file_ref_uq" UNIQUE("entity","entity_id","file_id")
);
--> statement-breakpoint
CREATE TABLE "file_upload" (
	"id" serial PRIMARY KEY NOT NULL,
	"storage_key" varchar(200) NOT NULL,
	"thumb_key" varchar(200),
	"original_name" varchar(200) NOT NULL,
	"ext" varchar(8) NOT NULL,
	"mime" varchar(100) NOT NULL,
	"kind" varchar(16) NOT NULL,
	"purpose" varchar(16) NOT NULL,
	"size" bigint NOT NULL,
	"sha256" varchar(64),
	"status" varchar(16) DEFAULT 'ready' NOT NULL,
	"owner_id" integer,
	"org_id" integer,
	"city_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "file_upload_key_uq" UNIQUE("storage_key"),
	CONSTRAINT "file_upload_status_chk" CHECK ("file_upload"."status" in ('pending', 'ready')),
	CONSTRAINT "file_upload_kind_chk" CHECK ("file_upload"."kind" in ('image', 'document', 'video')),
	CONSTRAINT "file_upload_purpose_chk" CHECK ("file_upload"."purpose" in ('image', 'document', 'video', 'courseware', 'attachment')),
	CONSTRAINT "file_upload_size_chk" CHECK ("file_upload"."size" >= 0)
);
--> statement-breakpoint
ALTER TABLE "content_article" ADD CONSTRAINT "content_article_city_id_area_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."area"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_article" ADD CONSTRAINT "content_article_created_by_sys_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_article" ADD CONSTRAINT "content_article_updated_by_sys_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_article" ADD CONSTRAINT "content_article_published_by_sys_user_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_banner" ADD CONSTRAINT "content_banner_city_id_area_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."area"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_banner" ADD CONSTRAINT "content_banner_created_by_sys_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_banner" ADD CONSTRAINT "content_banner_updated_by_sys_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chapter_courseware" ADD CONSTRAINT "chapter_courseware_chapter_id_course_chapter_id_fk" FOREIGN KEY ("chapter_id") REFERENCES "public"."course_chapter"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chapter_courseware" ADD CONSTRAINT "chapter_courseware_course_id_course_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."course"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_course" ADD CONSTRAINT "class_course_course_id_course_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."course"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_chapter" ADD CONSTRAINT "course_chapter_course_id_course_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."course"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_comment" ADD CONSTRAINT "course_comment_course_id_course_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."course"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_comment" ADD CONSTRAINT "course_comment_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_history" ADD CONSTRAINT "course_history_course_id_course_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."course"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_history" ADD CONSTRAINT "course_history_actor_id_sys_user_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_tag_link" ADD CONSTRAINT "course_tag_link_course_id_course_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."course"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_tag_link" ADD CONSTRAINT "course_tag_link_tag_id_course_tag_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."course_tag"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_type" ADD CONSTRAINT "course_type_parent_id_course_type_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."course_type"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course" ADD CONSTRAINT "course_type_id_course_type_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."course_type"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course" ADD CONSTRAINT "course_classify_id_course_classify_id_fk" FOREIGN KEY ("classify_id") REFERENCES "public"."course_classify"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course" ADD CONSTRAINT "course_org_id_organisation_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisation"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course" ADD CONSTRAINT "course_city_id_area_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."area"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course" ADD CONSTRAINT "course_created_by_sys_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "excellent_course" ADD CONSTRAINT "excellent_course_course_id_course_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."course"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "excellent_course" ADD CONSTRAINT "excellent_course_created_by_sys_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_ref" ADD CONSTRAINT "file_ref_file_id_file_upload_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."file_upload"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_upload" ADD CONSTRAINT "file_upload_owner_id_sys_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_upload" ADD CONSTRAINT "file_upload_org_id_organisation_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisation"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_upload" ADD CONSTRAINT "file_upload_city_id_area_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."area"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "content_article_public_idx" ON "content_article" USING btree ("kind","status","publish_at");--> statement-breakpoint
CREATE INDEX "content_article_admin_idx" ON "content_article" USING btree ("kind","city_id","updated_at");--> statement-breakpoint
CREATE INDEX "content_banner_enabled_sort_idx" ON "content_banner" USING btree ("enabled","sort");--> statement-breakpoint
CREATE INDEX "content_banner_city_idx" ON "content_banner" USING btree ("city_id","sort");--> statement-breakpoint
CREATE INDEX "chapter_courseware_chapter_idx" ON "chapter_courseware" USING btree ("chapter_id","sort");--> statement-breakpoint
CREATE INDEX "chapter_courseware_course_idx" ON "chapter_courseware" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "chapter_courseware_kind_idx" ON "chapter_courseware" USING btree ("kind","updated_at");--> statement-breakpoint
CREATE INDEX "class_course_course_idx" ON "class_course" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "course_chapter_course_idx" ON "course_chapter" USING btree ("course_id","sort");--> statement-breakpoint
CREATE INDEX "course_classify_sort_idx" ON "course_classify" USING btree ("sort");--> statement-breakpoint
CREATE INDEX "course_comment_created_idx" ON "course_comment" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "course_comment_course_idx" ON "course_comment" USING btree ("course_id","created_at");--> statement-breakpoint
CREATE INDEX "course_history_course_idx" ON "course_history" USING btree ("course_id","created_at");--> statement-breakpoint
CREATE INDEX "course_tag_link_tag_idx" ON "course_tag_link" USING btree ("tag_id");--> statement-breakpoint
CREATE INDEX "course_tag_sort_idx" ON "course_tag" USING btree ("sort");--> statement-breakpoint
CREATE INDEX "course_type_parent_idx" ON "course_type" USING btree ("parent_id","sort");--> statement-breakpoint
CREATE INDEX "course_kind_status_idx" ON "course" USING btree ("kind","status","updated_at");--> statement-breakpoint
CREATE INDEX "course_status_idx" ON "course" USING btree ("status","submitted_at");--> statement-breakpoint
CREATE INDEX "course_org_idx" ON "course" USING btree ("org_id","updated_at");--> statement-breakpoint
CREATE INDEX "course_city_idx" ON "course" USING btree ("city_id","updated_at");--> statement-breakpoint
CREATE INDEX "course_type_idx" ON "course" USING btree ("type_id");--> statement-breakpoint
CREATE INDEX "course_classify_idx" ON "course" USING btree ("classify_id");--> statement-breakpoint
CREATE INDEX "course_name_idx" ON "course" USING btree ("name");--> statement-breakpoint
CREATE INDEX "excellent_course_sort_idx" ON "excellent_course" USING btree ("sort","id");--> statement-breakpoint
CREATE INDEX "file_ref_file_idx" ON "file_ref" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "file_upload_created_idx" ON "file_upload" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "file_upload_owner_idx" ON "file_upload" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "file_upload_org_idx" ON "file_upload" USING btree ("org_id");--> statement-breakpoint
CREATE INDEX "file_upload_city_idx" ON "file_upload" USING btree ("city_id");