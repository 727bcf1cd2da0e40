-- 'Mon compte' lists a user's open sessions (issue 52, ASVS V3.3.4): each session keeps the browser's
-- user-agent and the client's address shortened at sign-in (IPv4 to its /24, IPv6 to its /48), never
-- the whole address. Sessions opened before this migration have neither.
ALTER TABLE "sessions" ADD COLUMN "user_agent" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "address" text;
