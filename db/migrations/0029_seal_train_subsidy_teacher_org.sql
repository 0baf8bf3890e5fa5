DROP INDEX "teacher_id_card_uq";--> statement-breakpoint
DROP INDEX "train_student_class_person_uq";--> statement-breakpoint
DROP INDEX "train_student_id_number_idx";--> statement-breakpoint
DROP INDEX "subsidy_item_person_idx";--> statement-breakpoint
DROP INDEX "training_coupon_person_idx";--> statement-breakpoint
ALTER TABLE "teacher" ALTER COLUMN "id_card" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "teacher" ALTER COLUMN "phone" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "org_profile" ALTER COLUMN "master_id_card" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "org_profile" ALTER COLUMN "bank_account" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "train_student" ALTER COLUMN "id_number" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "train_student" ALTER COLUMN "mobile" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "subsidy_item" ALTER COLUMN "id_number" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "subsidy_item" ALTER COLUMN "bank_account" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "training_coupon" ALTER COLUMN "id_number" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "teacher" ADD COLUMN "phone_bidx" varchar(43);--> statement-breakpoint
CREATE UNIQUE INDEX "teacher_id_card_uq" ON "teacher" USING btree ("id_card_bidx") WHERE "teacher"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "train_student_class_person_uq" ON "train_student" USING btree ("class_id","id_number_bidx");--> statement-breakpoint
CREATE INDEX "train_student_id_number_idx" ON "train_student" USING btree ("id_number_bidx");--> statement-breakpoint
CREATE INDEX "subsidy_item_person_idx" ON "subsidy_item" USING btree ("id_number_bidx","work_code","level");--> statement-breakpoint
CREATE INDEX "training_coupon_person_idx" ON "training_coupon" USING btree ("id_number_bidx","status");