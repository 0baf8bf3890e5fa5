CREATE TABLE "certificate_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"action" varchar(32) NOT NULL,
	"opinion" varchar(500),
	"actor_id" integer,
	"actor_name" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"from_status" smallint NOT NULL,
	"to_status" smallint NOT NULL,
	"certificate_id" integer NOT NULL,
	"correction_id" integer
);
--> statement-breakpoint
CREATE TABLE "state_grid_batch_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"action" varchar(32) NOT NULL,
	"opinion" varchar(500),
	"actor_id" integer,
	"actor_name" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"from_status" smallint NOT NULL,
	"to_status" smallint NOT NULL,
	"batch_id" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "certificate_history" ADD CONSTRAINT "certificate_history_certificate_id_certificate_id_fk" FOREIGN KEY ("certificate_id") REFERENCES "public"."certificate"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificate_history" ADD CONSTRAINT "certificate_history_correction_id_certificate_correction_id_fk" FOREIGN KEY ("correction_id") REFERENCES "public"."certificate_correction"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "state_grid_batch_history" ADD CONSTRAINT "state_grid_batch_history_batch_id_state_grid_batch_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."state_grid_batch"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "certificate_history_cert_idx" ON "certificate_history" USING btree ("certificate_id","created_at");--> statement-breakpoint
CREATE INDEX "state_grid_batch_history_batch_idx" ON "state_grid_batch_history" USING btree ("batch_id","created_at");