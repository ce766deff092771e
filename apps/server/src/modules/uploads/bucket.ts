import { AwsClient } from 'aws4fetch';
import { AppError } from '../../errors/app-error.ts';

export interface BucketConfig {
  bucket: string;
  /** The S3 API's address, e.g. https://s3.eu-central-1.amazonaws.com or http://127.0.0.1:9000. */
  endpoint: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `{endpoint}/{bucket}/{key}` instead of `{bucket}.{endpoint host}/{key}` (MinIO and most local servers). */
  forcePathStyle: boolean;
}

/** A request may wait this long for the bucket; an upload or a picture is then answered with a 503. */
const TIMEOUT_MS = 10_000;

/** The answer to a request the bucket could not serve: a 503 that says so, the cause kept for the log. */
function unavailable(cause: unknown): AppError {
  const error = new AppError(
    'SERVICE_UNAVAILABLE',
    'The picture storage cannot be reached right now; try again in a few minutes.',
    undefined,
    { 'Retry-After': '60' },
  );
  error.cause = cause;
  return error;
}

/** An S3-compatible bucket reached with SigV4-signed fetches: put, get and delete of one object each. */
export function createBucket(config: BucketConfig) {
  // Two quick retries of a failed request (a dropped connection, a 5xx), not aws4fetch's default of ten.
  const client = new AwsClient({
    accessKeyId: config.accessKeyId,
    secretAccessKey: config.secretAccessKey,
    region: config.region,
    service: 's3',
    retries: 2,
  });
  const endpoint = new URL(config.endpoint);
  const base = config.forcePathStyle
    ? `${endpoint.origin}${endpoint.pathname.replace(/\/$/, '')}/${config.bucket}`
    : `${endpoint.protocol}//${config.bucket}.${endpoint.host}${endpoint.pathname.replace(/\/$/, '')}`;

  /** Sends one signed request; a network failure, a timeout or an unexpected status is a 503. */
  async function send(method: string, key: string, init: RequestInit = {}): Promise<Response> {
    let response: Response;
    try {
      response = await client.fetch(`${base}/${key}`, {
        ...init,
        method,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw unavailable(error);
    }
    const expected = response.ok || (method === 'GET' && response.status === 404);
    if (!expected) {
      throw unavailable(new Error(`${method} ${key}: ${response.status} ${await response.text()}`));
    }
    return response;
  }

  return {
    async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
      // A copy typed as an ArrayBuffer view, which fetch's body takes.
      await send('PUT', key, { body: new Uint8Array(bytes), headers: { 'Content-Type': contentType } });
    },

    /** The object's bytes, or undefined when the bucket has no such key. */
    async get(key: string): Promise<Buffer | undefined> {
      const response = await send('GET', key);
      if (response.status === 404) return undefined;
      return Buffer.from(await response.arrayBuffer());
    },

    /** Deletes the object; deleting a key that is not there succeeds (S3's DELETE is idempotent). */
    async delete(key: string): Promise<void> {
      await send('DELETE', key);
    },
  };
}

export type Bucket = ReturnType<typeof createBucket>;
