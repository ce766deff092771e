import { uploadIdOf } from '@bazaar/shared/uploads';
import { AppError } from '../../errors/app-error.ts';
import type { Viewer } from '../auth/auth.module.ts';
import type { UploadsRepository } from './uploads.repository.ts';

/**
 * Checks the pictures a write attaches: a URL of this shop's `/media/{id}/…` must name an upload of the writer (an
 * admin may use anybody's). Other URLs, and the pictures the record already has (`kept`), are not checked.
 */
const pictureGone = () =>
  new AppError(
    'BAD_REQUEST',
    'A picture was not found in the shop (it may have been removed); upload it again.',
  );

export function createUploadGuard(repository: UploadsRepository, publicUrl: string) {
  const shopOrigin = new URL(publicUrl).origin;
  const ownUploadOf = (url: string) => {
    const id = uploadIdOf(url);
    return id !== undefined && new URL(url).origin === shopOrigin ? id : undefined;
  };

  return async function assertMayAttach(urls: string[], viewer: Viewer, kept: string[] = []): Promise<void> {
    const keptIds = new Set(kept.map(ownUploadOf));
    const ids = [...new Set(urls.map(ownUploadOf))].filter(
      (id): id is string => id !== undefined && !keptIds.has(id),
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
