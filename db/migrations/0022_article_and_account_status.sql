CREATE TABLE "content_article_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"action" varchar(32) NOT NULL,
	"opinion" varchar(500),
	"actor_id" integer,
	"actor_name" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"from_status" smallint NOT NULL,
	"to_status" smallint NOT NULL,
	"article_id" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "content_article" DROP CONSTRAINT "content_article_status_chk";--> statement-breakpoint
ALTER TABLE "content_article" DROP CONSTRAINT "content_article_published_chk";--> statement-breakpoint
ALTER TABLE "content_article" ALTER COLUMN "status" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "content_article" ALTER COLUMN "status" SET DATA TYPE smallint USING (CASE "status" WHEN 'published' THEN 1 WHEN 'withdrawn' THEN 2 ELSE 0 END);--> statement-breakpoint
ALTER TABLE "content_article" ALTER COLUMN "status" SET DEFAULT 0;--> statement-breakpoint
ALTER TABLE "content_article_history" ADD CONSTRAINT "content_article_history_article_id_content_article_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."content_article"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "content_article_history_article_idx" ON "content_article_history" USING btree ("article_id","created_at");--> statement-breakpoint
ALTER TABLE "content_article" ADD CONSTRAINT "content_article_status_chk" CHECK ("content_article"."status" between 0 and 2);--> statement-breakpoint
ALTER TABLE "content_article" ADD CONSTRAINT "content_article_published_chk" CHECK ("content_article"."status" <> 1 or "content_article"."publish_at" is not null);--> statement-breakpoint
CREATE TABLE "sys_user_status_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"action" varchar(32) NOT NULL,
	"opinion" varchar(500),
	"actor_id" integer,
	"actor_name" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"from_status" smallint NOT NULL,
	"to_status" smallint NOT NULL,
	"user_id" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sys_user_status_history" ADD CONSTRAINT "sys_user_status_history_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sys_user_status_history_user_idx" ON "sys_user_status_history" USING btree ("user_id","created_at");