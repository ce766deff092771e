import type { ApiError } from '@bazaar/shared/errors';
import { UPLOAD_MAX_BYTES } from '@bazaar/shared/uploads';
import { ApiRequestError, isApiError } from './api-client.ts';

/** The answer of `POST /api/uploads`: the stored picture's URL (its widest size) and that size. */
export interface UploadedPicture {
  url: string;
  width: number;
  height: number;
}

/**
 * Sends one picture file to `POST /api/uploads` as `multipart/form-data` (field `file`) and reports the share
 * of it sent so far (0 to 1) to `onProgress`. Same origin, so the session cookie and the Origin header go along
 * as with the other calls. XMLHttpRequest rather than fetch: only it reports an upload's progress.
 * A refusal rejects with an ApiRequestError carrying the server's message; `signal` aborts the upload.
 */
export function uploadPicture(
  file: File,
  { onProgress, signal }: { onProgress: (sent: number) => void; signal?: AbortSignal },
): Promise<UploadedPicture> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', '/api/uploads');
    request.setRequestHeader('accept', 'application/json');
    request.responseType = 'json';
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    });
    request.addEventListener('load', () => {
      const body: unknown = request.response;
      if (request.status === 201) resolve(body as UploadedPicture);
      else reject(new ApiRequestError(request.status, isApiError(body) ? body : withoutBody(request.status)));
    });
    request.addEventListener('error', () => reject(new Error('The upload could not reach the shop.')));
    request.addEventListener('abort', () =>
      reject(new DOMException('The upload was stopped.', 'AbortError')),
    );
    signal?.addEventListener('abort', () => request.abort());
    const form = new FormData();
    form.append('file', file);
    request.send(form);
  });
}

/** What to say when something before the shop (a proxy) refused the file too large without the shop's JSON. */
function withoutBody(status: number): ApiError | undefined {
  if (status !== 413) return undefined;
  const megabytes = UPLOAD_MAX_BYTES / 1024 / 1024;
  return { error: 'PAYLOAD_TOO_LARGE', message: `A picture can be at most ${megabytes} MB.` };
}
