import pg from 'pg';

/** What a subscription to a notification channel reports. */
export interface ChannelListener {
  /** A notification arrived. */
  notified(): void;
  /** The subscription is live (again): every notification sent from now on arrives. */
  connected(): void;
  /** The subscription is lost: notifications are missed until `connected` is reported again. */
  disconnected(error: Error): void;
}

/** Stops a subscription. */
export type Unlisten = () => Promise<void>;

/** The application_name of listener connections, so that an operator (or a test) can find them. */
export const LISTENER_APPLICATION_NAME = 'bazaar-listener';

const RETRY_FIRST_MS = 1000;
const RETRY_MAX_MS = 5000;

/**
 * LISTENs on `channel` over a dedicated PostgreSQL connection (a pooled one would be handed to other
 * queries), reconnecting with backoff when it drops. Resolves after the first attempt, live or not.
 */
export async function listenOnPostgres(
  connectionString: string,
  channel: string,
  listener: ChannelListener,
): Promise<Unlisten> {
  if (!/^[a-z_]+$/.test(channel)) throw new Error(`not a channel name: ${channel}`);
  let current: pg.Client | undefined;
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
      client.end().catch(() => undefined);
      // Ended on purpose (the server is closing): nothing was lost.
      if (stopped) return;
      listener.disconnected(error);
      retry = setTimeout(() => void connect(), retryMs);
      retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
    };
    client.on('notification', () => listener.notified());
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
    retryMs = RETRY_FIRST_MS;
    listener.connected();
  }

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await current?.end().catch(() => undefined);
  };
}
