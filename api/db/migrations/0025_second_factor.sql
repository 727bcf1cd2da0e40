-- The second step of sign-in (issue 52, ASVS V2.7–V2.9, decision 070). A user's factors: authenticators
-- (TOTP: the secret encrypted with a key derived from SESSION_SECRET, the last time step accepted so that a
-- code is accepted once, confirmed by a first code, an unconfirmed one replaced by the next) and passkeys
-- (WebAuthn: the credential's id, public key, signature counter and transports). The challenges of
-- passkey ceremonies, each used once within 5 minutes. Recovery codes
-- stored hashed, each used once. A session opened by the password alone records what it still needs:
-- 'verify' (a code) or 'enrol' (a first factor the role requires); null when complete.
CREATE TABLE "user_factors" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL REFERENCES "users"("id"),
	"kind" text NOT NULL CONSTRAINT "user_factors_kind" CHECK ("kind" in ('totp', 'passkey')),
	"name" text NOT NULL,
	"secret" text,
	"last_time_step" bigint,
	"credential_id" text,
	"public_key" text,
	"sign_count" bigint,
	"transports" text[],
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	"last_used_at" timestamp with time zone
);--> statement-breakpoint
CREATE INDEX "user_factors_user" ON "user_factors" ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_factors_credential" ON "user_factors" ("credential_id");--> statement-breakpoint
CREATE TABLE "factor_challenges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"challenge" text NOT NULL,
	"purpose" text NOT NULL CONSTRAINT "factor_challenges_purpose" CHECK ("purpose" in ('register', 'authenticate')),
	"user_id" uuid REFERENCES "users"("id"),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "factor_challenges_created" ON "factor_challenges" ("created_at");--> statement-breakpoint
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
