import pg from 'pg';

/** What a subscription to a notification channel reports. */
export interface ChannelListener {
  /** A notification arrived, with its payload ('' when it has none). */
  notified(payload: string): void;
  /** The subscription is live (again): every notification sent from now on arrives. */
  connected(): void;
  /** The subscription is lost: notifications are missed until `connected` is reported again. */
  disconnected(error: Error): void;
}

/** A live subscription to a notification channel. */
export interface Subscription {
  stop: () => Promise<void>;
  /**
   * Resolves true once every notification sent before the call has been reported; false when that cannot
   * be told because the subscription is down. A plain true where every notification is reported as its statement
   * ends (PGlite): nothing to wait for.
   */
  caughtUp: () => boolean | Promise<boolean>;
}

/** The application_name of listener connections, so that an operator (or a test) can find them. */
export const LISTENER_APPLICATION_NAME = 'bazaar-listener';

/** Resolves in the event loop's check phase, after the I/O its current turn has to handle. */
const endOfTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

const RETRY_FIRST_MS = 1000;
const RETRY_MAX_MS = 5000;
/** A listener connection that takes longer to answer a query is dropped as lost. */
const ANSWER_TIMEOUT_MS = 5000;

/**
 * LISTENs on `channel` over a dedicated PostgreSQL connection (a pooled one would be handed to other
 * queries), reconnecting with backoff when it drops. Resolves after the first attempt, live or not.
 */
export async function listenOnPostgres(
  connectionString: string,
  channel: string,
  listener: ChannelListener,
): Promise<Subscription> {
  if (!/^[a-z_]+$/.test(channel)) throw new Error(`not a channel name: ${channel}`);
  let current: pg.Client | undefined;
  // Set while `current` listens; drops it as lost.
  let dropLive: ((error: Error) => void) | undefined;
  let stopped = false;
  let retryMs = RETRY_FIRST_MS;
  let retry: NodeJS.Timeout | undefined;

  async function connect(): Promise<void> {
    const client = new pg.Client({
      connectionString,
      keepAlive: true,
      application_name: LISTENER_APPLICATION_NAME,
    });
    current = client;
    let lost = false;
    const onLost = (error: Error) => {
      if (lost) return;
      lost = true;
      dropLive = undefined;
      client.end().catch(() => undefined);
      // Ended on purpose (the server is closing): nothing was lost.
      if (stopped) return;
      listener.disconnected(error);
      retry = setTimeout(() => void connect(), retryMs);
      retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
    };
    client.on('notification', (message) => listener.notified(message.payload ?? ''));
    client.on('error', onLost);
    client.on('end', () => onLost(new Error('the listener connection closed')));
    try {
      await client.connect();
      await client.query(`LISTEN ${channel}`);
    } catch (error) {
      onLost(error instanceof Error ? error : new Error(String(error)));
      return;
    }
    if (lost || stopped) return;
    dropLive = onLost;
    retryMs = RETRY_FIRST_MS;
    listener.connected();
  }

  // PostgreSQL queues a notification before the sender's COMMIT is acknowledged, and sends it to this
  // connection before the answer to any query that connection receives later. So the answer to a query sent
  // after a caller asked means every notification committed before it asked has been reported. The query is
  // empty: the notifications go out as the connection turns idle, whatever it ran, and an empty one is answered
  // without parsing, planning or a row (measured: half the CPU of `select 1`, here and in PostgreSQL).
  let sent: Promise<boolean> | undefined;
  let next: Promise<boolean> | undefined;
  function roundTrip(): Promise<boolean> {
    const client = current;
    const drop = dropLive;
    if (!client || !drop) return Promise.resolve(false);
    const answered = new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => {
        drop(new Error(`the listener connection did not answer within ${ANSWER_TIMEOUT_MS} ms`));
        resolve(false);
      }, ANSWER_TIMEOUT_MS);
      void client
        .query('')
        .then(
          () => resolve(true),
          () => resolve(false),
        )
        .finally(() => clearTimeout(timer));
    });
    sent = answered;
    void answered.then(() => {
      if (sent === answered) sent = undefined;
    });
    return answered;
  }

  await connect();
  return {
    async stop() {
      stopped = true;
      clearTimeout(retry);
      await current?.end().catch(() => undefined);
    },
    // Everyone who asks before the next query leaves shares it. It leaves once the one on its way has answered
    // (one round trip at a time), at the end of the event loop's turn: the requests one turn reads share one query.
    caughtUp() {
      next ??= (sent ?? Promise.resolve(true)).then(endOfTurn).then(() => {
        next = undefined;
        return roundTrip();
      });
      return next;
    },
  };
}
