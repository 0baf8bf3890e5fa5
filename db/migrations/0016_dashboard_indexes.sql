CREATE INDEX "exam_plan_created_idx" ON "exam_plan" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "exam_plan_city_created_idx" ON "exam_plan" USING btree ("city_id","created_at");--> statement-breakpoint
CREATE INDEX "exam_plan_org_created_idx" ON "exam_plan" USING btree ("org_id","created_at");--> statement-breakpoint
CREATE INDEX "examinee_created_idx" ON "examinee" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "examinee_city_created_idx" ON "examinee" USING btree ("city_id","created_at");--> statement-breakpoint
CREATE INDEX "examinee_org_created_idx" ON "examinee" USING btree ("org_id","created_at");--> statement-breakpoint
CREATE INDEX "train_student_created_idx" ON "train_student" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "certificate_created_idx" ON "certificate" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "certificate_city_created_idx" ON "certificate" USING btree ("city_id","status","created_at");--> statement-breakpoint
CREATE INDEX "certificate_org_created_idx" ON "certificate" USING btree ("org_id","status","created_at");