CREATE TABLE "oidc_login" (
	"binding_hash" varchar(64) PRIMARY KEY NOT NULL,
	"issuer" varchar(500) NOT NULL,
	"state" varchar(128) NOT NULL,
	"nonce" varchar(128) NOT NULL,
	"code_verifier" varchar(128) NOT NULL,
	"redirect_uri" varchar(2000) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "oidc_login_expires_idx" ON "oidc_login" USING btree ("expires_at");