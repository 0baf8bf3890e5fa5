ALTER TABLE "sms_code" ADD COLUMN "mobile_bidx" varchar(43);--> statement-breakpoint
ALTER TABLE "sys_user" ADD COLUMN "mobile_bidx" varchar(43);--> statement-breakpoint
ALTER TABLE "filing_person" ADD COLUMN "id_number_bidx" varchar(43);--> statement-breakpoint
ALTER TABLE "person" ADD COLUMN "id_number_bidx" varchar(43);--> statement-breakpoint
ALTER TABLE "examinee" ADD COLUMN "id_number_bidx" varchar(43);--> statement-breakpoint
ALTER TABLE "teacher" ADD COLUMN "id_card_bidx" varchar(43);--> statement-breakpoint
ALTER TABLE "org_profile" ADD COLUMN "master_id_card_bidx" varchar(43);--> statement-breakpoint
ALTER TABLE "train_student" ADD COLUMN "id_number_bidx" varchar(43);--> statement-breakpoint
ALTER TABLE "certificate" ADD COLUMN "id_card_bidx" varchar(43);--> statement-breakpoint
ALTER TABLE "subsidy_item" ADD COLUMN "id_number_bidx" varchar(43);--> statement-breakpoint
ALTER TABLE "training_coupon" ADD COLUMN "id_number_bidx" varchar(43);