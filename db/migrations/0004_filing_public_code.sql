ALTER TABLE "filing" ADD COLUMN "public_code" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "filing" ADD CONSTRAINT "filing_public_code_unique" UNIQUE("public_code");