-- A leg's departure as the Pilotes, Flotte and dashboard reads date it: block-off, else scheduled. Those
-- reads select a period's legs on `coalesce(bloff_utc, std_utc)`; without statistics on the expression the
-- planner guessed a few hundred legs for a year's 43,800 (bench/dashboard.ts, 100,000 missions) and looked
-- each one's mission up by key (960 ms); with the index it hashes the missions once (135 ms). Additive.
CREATE INDEX IF NOT EXISTS "mission_legs_departure" ON "mission_legs" ((coalesce("bloff_utc", "std_utc")));
