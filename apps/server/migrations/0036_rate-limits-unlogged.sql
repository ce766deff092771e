-- The write budgets' counters (lib/rate-limiter.ts) are upserted by every signed-in write in a transaction of their
-- own. Unlogged, that transaction writes no WAL, so its commit does not wait for a WAL flush (PostgreSQL commits a
-- transaction that wrote none asynchronously): on a disk slow to flush, an order waited for two flushes, its budget's
-- and its own. A crash empties the table: an hour's counts start again, which a limit per hour can afford.
ALTER TABLE "rate_limits" SET UNLOGGED;
