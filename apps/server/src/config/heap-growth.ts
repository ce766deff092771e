import { setFlagsFromString } from 'node:v8';

/**
 * Under load most of what a server process grows is V8's heap, and most of that is garbage the collector has not
 * reclaimed yet: at 50 connections heapTotal reached 200–300 MB while the objects alive after a full collection took
 * under 90 MB (decision 025). With PostgreSQL, a heap that grows by 15% between full collections instead of the up
 * to 4× V8 allows itself held the server's peak RSS near 200 MB instead of 457 MB, for about the same CPU per
 * request. With PGlite the engine's WebAssembly heap adds about 130 MB, so the server keeps the smallest heap: the
 * young generation at its first size and the old one collected eagerly, which with PostgreSQL cost about twice the
 * CPU per order. These flags take effect when set at run time, unlike the size limits (--max-semi-space-size,
 * --max-old-space-size), which are fixed once Node has started: `npm start` gives `--max-semi-space-size=8`, which
 * keeps the young generation at 16 MB instead of 32 (decision 025).
 */
export function limitHeapGrowth(engine: 'pglite' | 'postgres'): void {
  if (engine === 'postgres') {
    setFlagsFromString('--heap-growing-percent=15');
    return;
  }
  setFlagsFromString('--optimize-for-size');
  setFlagsFromString('--semi-space-growth-factor=1');
}
