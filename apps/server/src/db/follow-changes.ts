import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from './client.ts';

/**
 * The bookkeeping of what a process keeps of rows any process may change: `forget` runs on every announcement, and
 * nothing kept may be used while announcements cannot be heard. A read notes `generation` before it touches the
 * database and keeps its result only if no announcement came in between.
 */
export function createChangeFollower(forget: () => void) {
  let generation = 0;
  let following = false;
  // How to wait for announcements still on their way; none until `followChanges` says.
  let check: () => boolean | Promise<boolean> = () => true;

  function invalidate(): void {
    generation += 1;
    forget();
  }

  return {
    get generation(): number {
      return generation;
    },
    /** Whether announcements are heard: what is kept may be used. */
    get following(): boolean {
      return following;
    },
    /** A change was announced: forget everything kept. */
    invalidate,
    /** Whether announcements are heard from now on; either way, what was kept is forgotten. */
    follow: (live: boolean): void => {
      following = live;
      invalidate();
    },
    /** How to wait until every announcement made so far, by any process, has been heard. */
    catchUpWith: (next: () => boolean | Promise<boolean>): void => {
      check = next;
    },
    /**
     * Resolves true once every announcement made before the call has been heard; false if that cannot be told. A
     * plain true when there is nothing to wait for.
     */
    caughtUp: () => check(),
  };
}

/**
 * One value read from rows any process may change (`read`), kept in this process while their announcements are heard:
 * forgotten at each one and read again when next asked, and read every time while announcements cannot be heard.
 */
export function createKeptValue<Value>(read: () => Promise<Value>) {
  let kept: { value: Value } | undefined;
  const changes = createChangeFollower(() => (kept = undefined));

  return {
    /** Follows the announcements of changes to what `read` reads (`followChanges`). */
    changes,

    /** The value as of the call: the kept one once every change announced before the call has been heard. */
    async get(): Promise<Value> {
      if (changes.following && kept) {
        if (!(await changes.caughtUp())) changes.invalidate();
        else if (kept) return kept.value;
      }
      const generation = changes.generation;
      const value = await read();
      if (changes.following && generation === changes.generation) kept = { value };
      return value;
    },
  };
}

export type ChangeFollower = Pick<
  ReturnType<typeof createChangeFollower>,
  'invalidate' | 'follow' | 'catchUpWith'
>;

/**
 * Keeps `follower` in step with the announcements on `channel` from every process, and has it bypass what it
 * keeps while they cannot be heard (`what` names it in the warning); resolves to the function that stops.
 */
export async function followChanges(
  database: DatabaseHandle,
  channel: string,
  follower: ChangeFollower,
  { log, what }: { log: FastifyBaseLogger; what: string },
): Promise<() => Promise<void>> {
  const subscription = await database.listen(channel, {
    notified: () => follower.invalidate(),
    connected: () => follower.follow(true),
    disconnected: (error) => {
      log.warn({ err: error }, `${channel} listener lost: ${what} is bypassed until it is back`);
      follower.follow(false);
    },
  });
  follower.catchUpWith(subscription.caughtUp);
  return subscription.stop;
}
