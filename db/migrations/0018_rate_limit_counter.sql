CREATE TABLE "rate_limit_counter" (
	"key" varchar(160) PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"hits" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "rate_limit_counter_window_idx" ON "rate_limit_counter" USING btree ("window_start");--> statement-breakpoint
CREATE INDEX "login_log_account_idx" ON "login_log" USING btree ("account","created_at");