CREATE TABLE "annual_target_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"action" varchar(32) NOT NULL,
	"opinion" varchar(500),
	"actor_id" integer,
	"actor_name" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"from_status" smallint NOT NULL,
	"to_status" smallint NOT NULL,
	"target_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subsidy_item_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"action" varchar(32) NOT NULL,
	"opinion" varchar(500),
	"actor_id" integer,
	"actor_name" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"from_status" smallint NOT NULL,
	"to_status" smallint NOT NULL,
	"item_id" integer NOT NULL,
	"apply_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "training_coupon_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"action" varchar(32) NOT NULL,
	"opinion" varchar(500),
	"actor_id" integer,
	"actor_name" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"from_status" smallint NOT NULL,
	"to_status" smallint NOT NULL,
	"coupon_id" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "annual_target" ADD COLUMN "status" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "annual_target_history" ADD CONSTRAINT "annual_target_history_target_id_annual_target_id_fk" FOREIGN KEY ("target_id") REFERENCES "public"."annual_target"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subsidy_item_history" ADD CONSTRAINT "subsidy_item_history_item_id_subsidy_item_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."subsidy_item"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subsidy_item_history" ADD CONSTRAINT "subsidy_item_history_apply_id_subsidy_apply_id_fk" FOREIGN KEY ("apply_id") REFERENCES "public"."subsidy_apply"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_coupon_history" ADD CONSTRAINT "training_coupon_history_coupon_id_training_coupon_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."training_coupon"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "annual_target_history_target_idx" ON "annual_target_history" USING btree ("target_id","created_at");--> statement-breakpoint
CREATE INDEX "subsidy_item_history_item_idx" ON "subsidy_item_history" USING btree ("item_id","created_at");--> statement-breakpoint
CREATE INDEX "subsidy_item_history_apply_idx" ON "subsidy_item_history" USING btree ("apply_id","created_at");--> statement-breakpoint
CREATE INDEX "training_coupon_history_coupon_idx" ON "training_coupon_history" USING btree ("coupon_id","created_at");--> statement-breakpoint
ALTER TABLE "annual_target" ADD CONSTRAINT "annual_target_status_chk" CHECK ("annual_target"."status" in (0, 1));