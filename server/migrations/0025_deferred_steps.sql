-- What completes a bulk load after its rows are committed (server/src/seed/bulk-load.ts): the
-- secondary indexes (0024), and now also the bulk tables' keys, their foreign keys and the figures
-- recomputed from the rows. Each step names the tables it locks; a step of a later stage (the
-- foreign keys) waits for the earlier stage's steps on its tables (their keys and indexes).
ALTER TABLE deferred_indexes RENAME TO deferred_steps;--> statement-breakpoint
ALTER TABLE deferred_steps ADD COLUMN stage smallint NOT NULL DEFAULT 0;--> statement-breakpoint
ALTER TABLE deferred_steps ADD COLUMN tables text[] NOT NULL DEFAULT '{}';
