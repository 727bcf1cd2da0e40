-- The second step of sign-in (issue 52, ASVS V2.7–V2.9, decision 070). A user's authenticators (TOTP):
-- the secret encrypted with a key derived from SESSION_SECRET, the last time step accepted (a code is
-- accepted once), confirmed by a first code (an unconfirmed one is pruned after 15 minutes). Recovery codes
-- stored hashed, each used once. A session opened by the password alone records what it still needs:
-- 'verify' (a code) or 'enrol' (a first factor the role requires); null when complete.
CREATE TABLE "user_factors" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL REFERENCES "users"("id"),
	"kind" text NOT NULL CONSTRAINT "user_factors_kind" CHECK ("kind" in ('totp')),
	"name" text NOT NULL,
	"secret" text NOT NULL,
	"last_time_step" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	"last_used_at" timestamp with time zone
);--> statement-breakpoint
CREATE INDEX "user_factors_user" ON "user_factors" ("user_id");--> statement-breakpoint
CREATE TABLE "recovery_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL REFERENCES "users"("id"),
	"code_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"used_at" timestamp with time zone
);--> statement-breakpoint
CREATE UNIQUE INDEX "recovery_codes_hash" ON "recovery_codes" ("user_id", "code_hash");--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "second_factor" text
	CONSTRAINT "sessions_second_factor" CHECK ("second_factor" in ('verify', 'enrol'));
