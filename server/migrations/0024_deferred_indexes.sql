-- The secondary indexes a bulk load (server/src/seed/bulk-load.ts) commits its rows without: it
-- builds them afterwards on connections of their own, several at once, and removes each from
-- here in the transaction that builds it. Rows left here (a seed stopped while it built them)
-- are built by the next start before it serves (buildDeferredIndexes).
CREATE TABLE deferred_indexes (
  name text PRIMARY KEY,
  definition text NOT NULL
);
