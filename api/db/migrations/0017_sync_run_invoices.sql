-- What the invoices step did on each sync run (issue 25, decision 035): written after the run's commit,
-- null on older runs and when invoices are not synced. Additive only.
ALTER TABLE "sync_runs" ADD COLUMN IF NOT EXISTS "invoices" jsonb;
