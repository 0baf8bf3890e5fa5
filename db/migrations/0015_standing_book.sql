CREATE TABLE "standing_book_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"book_id" integer NOT NULL,
	"action" varchar(32) NOT NULL,
	"from_status" smallint,
	"to_status" smallint,
	"opinion" varchar(500),
	"actor_id" integer,
	"actor_name" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "standing_book" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(32) NOT NULL,
	"class_id" integer NOT NULL,
	"org_id" integer NOT NULL,
	"city_id" integer,
	"county_id" integer,
	"year" smallint NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"student_count" integer DEFAULT 0 NOT NULL,
	"completed_count" integer DEFAULT 0 NOT NULL,
	"class_hours" smallint DEFAULT 0 NOT NULL,
	"attended_hours" integer DEFAULT 0 NOT NULL,
	"passed_count" integer DEFAULT 0 NOT NULL,
	"certified_count" integer DEFAULT 0 NOT NULL,
	"subsidy_claimed" integer DEFAULT 0 NOT NULL,
	"subsidy_approved" integer DEFAULT 0 NOT NULL,
	"subsidy_paid" integer DEFAULT 0 NOT NULL,
	"lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"remark" varchar(500),
	"last_opinion" varchar(500),
	"submitted_at" timestamp with time zone,
	"approved_at" timestamp with time zone,
	"approver_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "standing_book_code_unique" UNIQUE("code"),
	CONSTRAINT "standing_book_status_chk" CHECK ("standing_book"."status" between 0 and 3)
);
--> statement-breakpoint
ALTER TABLE "standing_book_history" ADD CONSTRAINT "standing_book_history_book_id_standing_book_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."standing_book"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standing_book" ADD CONSTRAINT "standing_book_class_id_train_class_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."train_class"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "standing_book_history_book_idx" ON "standing_book_history" USING btree ("book_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "standing_book_class_uq" ON "standing_book" USING btree ("class_id");--> statement-breakpoint
CREATE INDEX "standing_book_org_idx" ON "standing_book" USING btree ("org_id","id");--> statement-breakpoint
CREATE INDEX "standing_book_city_idx" ON "standing_book" USING btree ("city_id","status","id");--> statement-breakpoint
CREATE INDEX "standing_book_county_idx" ON "standing_book" USING btree ("county_id","id");--> statement-breakpoint
CREATE INDEX "standing_book_status_idx" ON "standing_book" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "standing_book_year_idx" ON "standing_book" USING btree ("year","id");