import { setFlagsFromString } from 'node:v8';

/**
 * With PGlite the database lives in this process, and most of what grows under load is V8's heap: garbage the
 * collector has not reclaimed yet (heapTotal 150–200 MB at 50 connections). Keeping the young generation at its
 * first 2 MB and collecting the old one eagerly held a 100,000-product shop's peak RSS under `npm run bench` at
 * 236–275 MB instead of 336–406 MB (docs/performance.md). These two flags take effect when set at run time; the
 * size limits (--max-semi-space-size, --max-old-space-size) are fixed once Node has started.
 */
export function limitHeapGrowth(): void {
  setFlagsFromString('--optimize-for-size');
  setFlagsFromString('--semi-space-growth-factor=1');
}
