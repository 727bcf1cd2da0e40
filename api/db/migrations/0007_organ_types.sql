-- organ_type becomes a list like airport_de_icing: 'COEUR,REINS' → {COEUR,REINS}, read without splitting.
-- Every row is kept: no organ (NULL or blank) becomes the empty list, each part is trimmed and empty
-- parts dropped, in their order. (USING cannot hold a subquery, hence the regular expression.)
ALTER TABLE "missions" ALTER COLUMN "organ_type" SET DATA TYPE text[] USING (
	CASE WHEN "organ_type" IS NULL OR trim("organ_type") = '' THEN '{}'::text[]
	ELSE array_remove(regexp_split_to_array(trim("organ_type"), '\s*,\s*'), '')
	END
);--> statement-breakpoint
ALTER TABLE "missions" ALTER COLUMN "organ_type" SET DEFAULT '{}'::text[];--> statement-breakpoint
ALTER TABLE "missions" ALTER COLUMN "organ_type" SET NOT NULL;
