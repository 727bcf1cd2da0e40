-- Upload links already used, kept until they expire, so that a link writes once (decision 012). Additive.
CREATE TABLE IF NOT EXISTS "used_file_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
