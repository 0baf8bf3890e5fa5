DROP INDEX "examinee_plan_person_work_uq";--> statement-breakpoint
DROP INDEX "examinee_id_number_idx";--> statement-breakpoint
DROP INDEX "certificate_id_card_idx";--> statement-breakpoint
ALTER TABLE "examinee" ALTER COLUMN "id_number" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "examinee" ALTER COLUMN "mobile" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "certificate" ALTER COLUMN "id_card" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "certificate" ALTER COLUMN "mobile" SET DATA TYPE text;--> statement-breakpoint
CREATE UNIQUE INDEX "examinee_plan_person_work_uq" ON "examinee" USING btree ("plan_id","id_number_bidx","work_code");--> statement-breakpoint
CREATE INDEX "examinee_id_number_idx" ON "examinee" USING btree ("id_number_bidx");--> statement-breakpoint
CREATE INDEX "certificate_id_card_idx" ON "certificate" USING btree ("id_card_bidx");