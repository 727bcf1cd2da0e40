-- The statistics 'Organe' filter (organ_type @> array[$1]) reads this GIN index instead of scanning every
-- mission (issue 18; issue 12's benchmark missed p95 < 100 ms on the 'organ' and 'all filters' sets).
CREATE INDEX "missions_organ_type_gin" ON "missions" USING gin ("organ_type");
