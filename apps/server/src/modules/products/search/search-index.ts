import type { FastifyBaseLogger } from 'fastify';
import type { ProductFacets } from '@bazaar/shared/product-facets';
import type { DatabaseHandle } from '../../../db/client.ts';
import type { Subscription } from '../../../db/listen.ts';
import type { ProductFilter, ProductListFilter } from '../products.repository.ts';
import type { TypedWord } from '../product-search.ts';
import { facetsOf, type ShopCategory } from './facet-counts.ts';
import { readBatch, readProducts, type After } from './index-rows.ts';
import { Matcher } from './matching.ts';
import { ProductIndex } from './product-index.ts';
import { pageOf } from './ranking.ts';
import { WordLookup, type Lexeme } from './word-lookup.ts';

/** The channel of migration 0033: the ids of changed products, or '*' for all of them. */
export const PRODUCTS_CHANNEL = 'bazaar_products';
/** Rows read a batch while loading, and ids re-read a batch while following. */
const BATCH = 2000;
const EVERY = '*';
/** How long a load that failed waits before the next try. */
const RETRY_MS = 1000;

/** The index, its word lookups and its matcher: made afresh for each load. */
class Loaded {
  readonly index = new ProductIndex();
  readonly lookup = new WordLookup(this.index);
  readonly matcher = new Matcher(this.index, this.lookup);
}

export interface SearchIndexStatus {
  ready: boolean;
  products: number;
  /** How long the latest load took, once done. */
  loadMs: number | undefined;
}

/**
 * The catalog's search index in this process, a read model of the products: loaded in the background at start,
 * then kept in step by the ids each product write announces (each re-read from the database). It answers only
 * while loaded, listening and caught up (`usable`); otherwise the shop answers from SQL, slower and as right.
 */
export async function startSearchIndex(
  database: DatabaseHandle,
  { log, batch = BATCH }: { log: FastifyBaseLogger; batch?: number },
) {
  let current = new Loaded();
  let loaded = false;
  let listening = false;
  let loadMs: number | undefined;
  let stopped = false;
  /** Ids announced and not yet read again; EVERY when the whole catalog must be loaded again. */
  const pending = new Set<string>();
  let applying: Promise<void> | undefined;
  let loading: Promise<void> | undefined;

  async function load(): Promise<void> {
    const started = performance.now();
    loaded = false;
    current = new Loaded();
    pending.delete(EVERY);
    let after: After | undefined;
    for (;;) {
      if (stopped) return;
      const rows = await readBatch(database.db, after, batch);
      for (const row of rows) current.index.upsert(row);
      if (rows.length < batch) break;
      after = rows.at(-1)!;
    }
    current.index.pack();
    await drain();
    loadMs = performance.now() - started;
    loaded = true;
    log.info({ products: current.index.size, ms: Math.round(loadMs) }, 'search index loaded');
  }

  function startLoad(): void {
    loading ??= load()
      .catch(async (error: unknown) => {
        log.error({ err: error }, 'the search index could not load: searches read SQL until it loads');
        pending.add(EVERY);
        await new Promise((resolve) => setTimeout(resolve, RETRY_MS).unref());
      })
      .finally(() => {
        loading = undefined;
        if (pending.has(EVERY) && !stopped) startLoad();
      });
  }

  /** Reads again every announced id, until none is left. */
  async function applyPending(): Promise<void> {
    while (pending.size > 0 && !pending.has(EVERY) && !stopped) {
      const ids = [...pending].slice(0, batch);
      for (const id of ids) pending.delete(id);
      const rows = await readProducts(database.db, ids);
      const found = new Set(rows.map((row) => row.id));
      for (const row of rows) current.index.upsert(row);
      for (const id of ids) if (!found.has(id)) current.index.remove(id);
    }
  }

  /** The one run of `applyPending` at a time (`.finally` runs after the assignment, even when nothing waits). */
  function drain(): Promise<void> {
    applying ??= applyPending().finally(() => {
      applying = undefined;
    });
    return applying;
  }

  function announced(payload: string): void {
    for (const id of payload.split(',')) if (id !== '') pending.add(id);
    if (pending.has(EVERY)) {
      loaded = false;
      startLoad();
    } else if (loaded) void drain().catch((error: unknown) => lost(error));
  }

  /** A change could not be applied: the index stops answering until it is loaded again. */
  function lost(error: unknown): void {
    log.warn({ err: error }, 'the search index missed a change: searches read SQL until it is loaded again');
    pending.add(EVERY);
    loaded = false;
    startLoad();
  }

  const subscription: Subscription = await database.listen(PRODUCTS_CHANNEL, {
    notified: announced,
    connected: () => {
      // Changes made while not listening were missed: load again.
      if (!listening) {
        listening = true;
        pending.add(EVERY);
        loaded = false;
        startLoad();
      }
    },
    disconnected: (error) => {
      listening = false;
      loaded = false;
      log.warn(
        { err: error },
        `${PRODUCTS_CHANNEL} listener lost: searches read SQL until the index is loaded again`,
      );
    },
  });

  return {
    /**
     * Resolves true once the index holds every product change announced before the call, so that it may answer;
     * false while it is loading or not listening.
     */
    async usable(): Promise<boolean> {
      if (!loaded || !listening) return false;
      if (!(await subscription.caughtUp())) return false;
      for (;;) {
        if (!loaded || !listening || stopped || pending.has(EVERY)) return false;
        if (!applying && pending.size === 0) return true;
        try {
          await (applying ?? drain());
        } catch (error) {
          lost(error);
          return false;
        }
      }
    },

    typedWords: (lexemes: Lexeme[]): TypedWord[] => current.lookup.typedWords(lexemes),

    /** A page of a list as product ids in order, and its count (see `pageOf`). */
    page(query: ProductListFilter): { ids: string[]; total: number } {
      const { slots, total } = pageOf(current.index, current.matcher, query);
      return { ids: slots.map((slot) => current.index.ids.idOf(slot)), total };
    },

    facets: (filter: ProductFilter, shopCategories: ShopCategory[]): ProductFacets & { capped: boolean } =>
      facetsOf(current.index, current.matcher, filter, shopCategories),

    status: (): SearchIndexStatus => ({ ready: loaded && listening, products: current.index.size, loadMs }),

    async stop(): Promise<void> {
      stopped = true;
      await subscription.stop();
      await loading;
    },
  };
}

export type SearchIndex = Awaited<ReturnType<typeof startSearchIndex>>;
