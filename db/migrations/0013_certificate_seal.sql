CREATE TABLE "certificate_seal" (
	"org_id" integer PRIMARY KEY NOT NULL,
	"url" varchar(300) NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
