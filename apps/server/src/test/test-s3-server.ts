import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';

export const TEST_BUCKET = 'bazaar-pictures';

/** The S3_* settings of a bucket at `endpoint` (s3rver's own account). */
export const s3Env = (endpoint: string): Record<string, string> => ({
  S3_BUCKET: TEST_BUCKET,
  S3_ENDPOINT: endpoint,
  S3_REGION: 'us-east-1',
  S3_ACCESS_KEY_ID: 'S3RVER',
  S3_SECRET_ACCESS_KEY: 'S3RVER',
  S3_FORCE_PATH_STYLE: 'true',
});

/**
 * A local S3-compatible server (s3rver) on a free port of 127.0.0.1, its objects in a temporary folder, with the
 * bucket TEST_BUCKET. It reads SigV4 requests but does not check their signatures.
 */
export async function startTestS3Server() {
  const directory = await mkdtemp(join(tmpdir(), 'bazaar-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: TEST_BUCKET, configs: [] }],
  });
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
