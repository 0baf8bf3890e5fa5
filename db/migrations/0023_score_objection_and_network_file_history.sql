CREATE TABLE "exa_china_network_file_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"action" varchar(32) NOT NULL,
	"opinion" varchar(500),
	"actor_id" integer,
	"actor_name" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"from_status" smallint NOT NULL,
	"to_status" smallint NOT NULL,
	"file_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "score_objection_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"action" varchar(32) NOT NULL,
	"opinion" varchar(500),
	"actor_id" integer,
	"actor_name" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"from_status" smallint NOT NULL,
	"to_status" smallint NOT NULL,
	"objection_id" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "exa_china_network_file_history" ADD CONSTRAINT "exa_china_network_file_history_file_id_exa_china_network_file_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."exa_china_network_file"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_objection_history" ADD CONSTRAINT "score_objection_history_objection_id_score_objection_id_fk" FOREIGN KEY ("objection_id") REFERENCES "public"."score_objection"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exa_china_network_file_history_file_idx" ON "exa_china_network_file_history" USING btree ("file_id","created_at");--> statement-breakpoint
CREATE INDEX "score_objection_history_objection_idx" ON "score_objection_history" USING btree ("objection_id","created_at");