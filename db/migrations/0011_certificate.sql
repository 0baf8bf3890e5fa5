CREATE TABLE "certificate_correction" (
	"id" serial PRIMARY KEY NOT NULL,
	"certificate_id" integer NOT NULL,
	"plan_id" integer NOT NULL,
	"org_id" integer NOT NULL,
	"city_id" integer,
	"before" jsonb NOT NULL,
	"after" jsonb NOT NULL,
	"reason" varchar(500) NOT NULL,
	"source" varchar(8) DEFAULT 'org' NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"applied_by" integer,
	"applied_by_name" varchar(64) NOT NULL,
	"reviewed_by" integer,
	"reviewed_by_name" varchar(64),
	"opinion" varchar(500),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone,
	CONSTRAINT "certificate_correction_status_chk" CHECK ("certificate_correction"."status" in (0, 1, 2)),
	CONSTRAINT "certificate_correction_source_chk" CHECK ("certificate_correction"."source" in ('org', 'holder'))
);
--> statement-breakpoint
CREATE TABLE "certificate_counter" (
	"org_id" integer NOT NULL,
	"cer_type" smallint NOT NULL,
	"issue_year" smallint NOT NULL,
	"last" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "certificate_counter_org_id_cer_type_issue_year_pk" PRIMARY KEY("org_id","cer_type","issue_year")
);
--> statement-breakpoint
CREATE TABLE "certificate_lookup" (
	"id" serial PRIMARY KEY NOT NULL,
	"ip" varchar(64) NOT NULL,
	"mode" varchar(8) NOT NULL,
	"query" jsonb NOT NULL,
	"found" integer DEFAULT 0 NOT NULL,
	"refused" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "certificate_print_offset" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"offset_x" smallint DEFAULT 0 NOT NULL,
	"offset_y" smallint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "certificate" (
	"id" serial PRIMARY KEY NOT NULL,
	"plan_id" integer NOT NULL,
	"org_id" integer NOT NULL,
	"city_id" integer,
	"examinee_id" integer,
	"cer_type" smallint NOT NULL,
	"cer_name" varchar(64) NOT NULL,
	"cer_code" varchar(32) NOT NULL,
	"serial" integer NOT NULL,
	"issue_year" smallint NOT NULL,
	"name" varchar(32) NOT NULL,
	"id_card" varchar(18) NOT NULL,
	"gender" varchar(2),
	"work_code" varchar(32) NOT NULL,
	"work_name" varchar(64) NOT NULL,
	"level" smallint NOT NULL,
	"cer_date" date NOT NULL,
	"education" varchar(16),
	"company" varchar(128),
	"mobile" varchar(11),
	"photo_url" varchar(300),
	"status" smallint DEFAULT 0 NOT NULL,
	"corrected" boolean DEFAULT false NOT NULL,
	"void_reason" varchar(500),
	"voided_at" timestamp with time zone,
	"voided_by_name" varchar(64),
	"print_count" integer DEFAULT 0 NOT NULL,
	"last_printed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "certificate_type_chk" CHECK ("certificate"."cer_type" in (0, 1, 2, 3)),
	CONSTRAINT "certificate_status_chk" CHECK ("certificate"."status" in (0, 1)),
	CONSTRAINT "certificate_level_chk" CHECK ("certificate"."level" between 1 and 5),
	CONSTRAINT "certificate_void_chk" CHECK ("certificate"."status" = 0 or "certificate"."void_reason" is not null)
);
--> statement-breakpoint
CREATE TABLE "state_grid_batch" (
	"id" serial PRIMARY KEY NOT NULL,
	"plan_id" integer NOT NULL,
	"org_id" integer NOT NULL,
	"city_id" integer,
	"batch_no" varchar(40) NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"person_count" integer DEFAULT 0 NOT NULL,
	"adapter" varchar(16),
	"manifest" jsonb,
	"reason" varchar(500),
	"files" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by_name" varchar(64) NOT NULL,
	"confirmed_at" timestamp with time zone,
	"submitted_at" timestamp with time zone,
	"answered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "state_grid_batch_status_chk" CHECK ("state_grid_batch"."status" in (0, 1, 2, 3, 4))
);
--> statement-breakpoint
CREATE TABLE "state_grid_item" (
	"id" serial PRIMARY KEY NOT NULL,
	"batch_id" integer NOT NULL,
	"certificate_id" integer NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"reason" varchar(500),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "state_grid_item_status_chk" CHECK ("state_grid_item"."status" in (0, 1, 2, 3))
);
--> statement-breakpoint
ALTER TABLE "certificate_correction" ADD CONSTRAINT "certificate_correction_certificate_id_certificate_id_fk" FOREIGN KEY ("certificate_id") REFERENCES "public"."certificate"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificate" ADD CONSTRAINT "certificate_plan_id_exam_plan_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."exam_plan"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificate" ADD CONSTRAINT "certificate_examinee_id_examinee_id_fk" FOREIGN KEY ("examinee_id") REFERENCES "public"."examinee"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "state_grid_batch" ADD CONSTRAINT "state_grid_batch_plan_id_exam_plan_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."exam_plan"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "state_grid_item" ADD CONSTRAINT "state_grid_item_batch_id_state_grid_batch_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."state_grid_batch"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "state_grid_item" ADD CONSTRAINT "state_grid_item_certificate_id_certificate_id_fk" FOREIGN KEY ("certificate_id") REFERENCES "public"."certificate"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "certificate_correction_pending_uq" ON "certificate_correction" USING btree ("certificate_id") WHERE "certificate_correction"."status" = 0;--> statement-breakpoint
CREATE INDEX "certificate_correction_cert_idx" ON "certificate_correction" USING btree ("certificate_id","created_at");--> statement-breakpoint
CREATE INDEX "certificate_correction_org_idx" ON "certificate_correction" USING btree ("org_id","status","id");--> statement-breakpoint
CREATE INDEX "certificate_correction_city_idx" ON "certificate_correction" USING btree ("city_id","status","id");--> statement-breakpoint
CREATE INDEX "certificate_lookup_ip_idx" ON "certificate_lookup" USING btree ("ip","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "certificate_code_uq" ON "certificate" USING btree ("cer_code");--> statement-breakpoint
CREATE UNIQUE INDEX "certificate_examinee_uq" ON "certificate" USING btree ("examinee_id");--> statement-breakpoint
CREATE INDEX "certificate_plan_idx" ON "certificate" USING btree ("plan_id","id");--> statement-breakpoint
CREATE INDEX "certificate_org_idx" ON "certificate" USING btree ("org_id","id");--> statement-breakpoint
CREATE INDEX "certificate_city_idx" ON "certificate" USING btree ("city_id","id");--> statement-breakpoint
CREATE INDEX "certificate_id_card_idx" ON "certificate" USING btree ("id_card");--> statement-breakpoint
CREATE INDEX "certificate_name_idx" ON "certificate" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "state_grid_batch_no_uq" ON "state_grid_batch" USING btree ("batch_no");--> statement-breakpoint
CREATE INDEX "state_grid_batch_plan_idx" ON "state_grid_batch" USING btree ("plan_id","id");--> statement-breakpoint
CREATE INDEX "state_grid_batch_org_idx" ON "state_grid_batch" USING btree ("org_id","id");--> statement-breakpoint
CREATE INDEX "state_grid_batch_city_idx" ON "state_grid_batch" USING btree ("city_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "state_grid_item_live_uq" ON "state_grid_item" USING btree ("certificate_id") WHERE "state_grid_item"."status" <> 3;--> statement-breakpoint
CREATE INDEX "state_grid_item_batch_idx" ON "state_grid_item" USING btree ("batch_id","status");