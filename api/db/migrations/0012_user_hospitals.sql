-- A HOSPITAL account holds one or more hospitals (decision 024): users.hospital (one name or null) becomes
-- users.hospitals, a list. A HOSPITAL user keeps its hospital as a list of one; every other role gets the
-- empty list (decision 005 already stored none for them).
ALTER TABLE "users" ADD COLUMN "hospitals" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
UPDATE "users" SET "hospitals" = ARRAY[btrim("hospital")]
	WHERE "role" = 'HOSPITAL' AND "hospital" IS NOT NULL AND btrim("hospital") <> '';--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "hospital";
