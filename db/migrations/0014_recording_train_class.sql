ALTER TABLE "recording" ALTER COLUMN "plan_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "recording" ALTER COLUMN "plan_step" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "recording" ADD COLUMN "class_id" integer;--> statement-breakpoint
ALTER TABLE "recording" ADD CONSTRAINT "recording_class_id_train_class_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."train_class"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "recording_class_idx" ON "recording" USING btree ("class_id","recording_time","id");--> statement-breakpoint
ALTER TABLE "recording" ADD CONSTRAINT "recording_target_chk" CHECK (("recording"."plan_id" is not null and "recording"."class_id" is null and "recording"."plan_step" is not null) or ("recording"."class_id" is not null and "recording"."plan_id" is null and "recording"."plan_step" is null and "recording"."site_id" is null));