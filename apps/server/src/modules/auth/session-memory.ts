import { createChangeFollower } from '../../db/follow-changes.ts';
import { createByteLru } from '../../lib/byte-lru.ts';

/** The channel of migration 0015's announcements: a session or a user was changed or removed. */
export const SESSIONS_CHANNEL = 'bazaar_sessions';

/** About 4,000 sessions. */
const KEPT_BYTES = 4 * 1024 * 1024;
// A kept session's row and bookkeeping beside its token: 20,000 of them measured 940 bytes of heap each.
const ENTRY_BYTES = 1024;

/**
 * The session rows this process has read, by token (decision 028). Every change to a session or a user, by any
 * process, is announced (migration 0015) and empties it; a row is used only once every announcement made before
 * the request has been heard, so a session signed out, revoked or expired anywhere is refused at once everywhere.
 * A read that began before an announcement keeps nothing (a generation number, as in the catalog cache).
 */
export function createSessionMemory<Row extends NonNullable<unknown>>() {
  const kept = createByteLru<Row>(KEPT_BYTES);
  // Nothing is kept or used until announcements are heard.
  const changes = createChangeFollower(() => kept.clear());

  return {
    /** Follows the announcements on `SESSIONS_CHANNEL` (`followChanges`); its generation dates a read. */
    changes,

    /** The row kept for `token`, once every change announced before the call has been heard. */
    async recall(token: string): Promise<Row | undefined> {
      if (!changes.following || kept.get(token) === undefined) return undefined;
      if (!(await changes.caughtUp())) {
        changes.invalidate();
        return undefined;
      }
      return kept.get(token);
    },

    /** Keeps `row`, read from the database after `readGeneration` was noted, unless a change came since. */
    keep(token: string, row: Row, readGeneration: number): void {
      if (changes.following && readGeneration === changes.generation) {
        kept.set(token, row, ENTRY_BYTES + token.length * 2);
      }
    },
  };
}

export type SessionMemory<Row extends NonNullable<unknown>> = ReturnType<typeof createSessionMemory<Row>>;
