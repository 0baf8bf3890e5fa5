DROP INDEX "sms_code_mobile_idx";--> statement-breakpoint
DROP INDEX "sys_user_mobile_idx";--> statement-breakpoint
DROP INDEX "filing_person_id_uq";--> statement-breakpoint
DROP INDEX "person_library_id_number_uq";--> statement-breakpoint
ALTER TABLE "organisation" ALTER COLUMN "contact_phone" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "sms_code" ALTER COLUMN "mobile" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "sys_user" ALTER COLUMN "mobile" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "base_record_org" ALTER COLUMN "contact_phone" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "filing_person" ALTER COLUMN "id_number" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "filing_person" ALTER COLUMN "mobile" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "filing_site" ALTER COLUMN "contact_phone" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "filing" ALTER COLUMN "contact_phone" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "person" ALTER COLUMN "id_number" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "person" ALTER COLUMN "mobile" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "person" ADD COLUMN "mobile_bidx" varchar(43);--> statement-breakpoint
CREATE INDEX "person_mobile_idx" ON "person" USING btree ("mobile_bidx");--> statement-breakpoint
CREATE INDEX "sms_code_mobile_idx" ON "sms_code" USING btree ("mobile_bidx","purpose","created_at");--> statement-breakpoint
CREATE INDEX "sys_user_mobile_idx" ON "sys_user" USING btree ("mobile_bidx");--> statement-breakpoint
CREATE UNIQUE INDEX "filing_person_id_uq" ON "filing_person" USING btree ("filing_id","role","id_number_bidx");--> statement-breakpoint
CREATE UNIQUE INDEX "person_library_id_number_uq" ON "person" USING btree ("library","id_number_bidx");