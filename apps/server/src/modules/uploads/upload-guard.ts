import { AppError } from '../../errors/app-error.ts';
import type { Viewer } from '../auth/auth.module.ts';
import { pictureUrls } from './picture-urls.ts';
import type { UploadsRepository } from './uploads.repository.ts';

/**
 * Checks the pictures a write attaches: a URL of this shop's `/media/{id}/…` must name an upload of the writer (an
 * admin may use anybody's), spelled as the shop gave it out (`pictureUrls`: any other spelling is a 400). URLs on
 * other hosts, and the pictures the record already has (`kept`, exactly as stored), are not checked.
 */
const pictureGone = () =>
  new AppError(
    'BAD_REQUEST',
    'A picture was not found in the shop (it may have been removed); upload it again.',
  );

export function createUploadGuard(repository: UploadsRepository, publicUrl: string) {
  const { uploadOf } = pictureUrls(publicUrl);

  return async function assertMayAttach(urls: string[], viewer: Viewer, kept: string[] = []): Promise<void> {
    const keptUrls = new Set(kept);
    const ids = [...new Set(urls.filter((url) => !keptUrls.has(url)).map((url) => uploadOf(url)))].filter(
      (id): id is string => id !== undefined,
    );
    if (ids.length === 0) return;
    const owners = await repository.owners(ids);
    if (owners.length < ids.length) throw pictureGone();
    if (!viewer.isAdmin && owners.some((upload) => upload.ownerId !== viewer.id)) {
      throw new AppError('FORBIDDEN', 'You can only use pictures you uploaded.');
    }
    // Checked and the write not yet done: the clean-up must not delete them in between.
    if ((await repository.keepForAttaching(ids)) < ids.length) throw pictureGone();
  };
}

export type UploadGuard = ReturnType<typeof createUploadGuard>;
