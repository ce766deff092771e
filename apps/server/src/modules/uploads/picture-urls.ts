import { readPictureUrl } from '@bazaar/shared/uploads';
import { AppError } from '../../errors/app-error.ts';

/**
 * The upload (its id, lower-case) a picture URL a client sent names, undefined when it names none, or a 400 for a
 * URL of the shop spelled so that it could be read as another path (`readPictureUrl`, issue 42 point 7).
 */
export function pictureUrls(publicUrl: string) {
  return {
    uploadOf: (url: string): string | undefined => {
      const reading = readPictureUrl(url, publicUrl);
      if ('refused' in reading) {
        throw new AppError(
          'BAD_REQUEST',
          `The picture address ${JSON.stringify(url.slice(0, 200))} ${reading.refused}.`,
        );
      }
      return reading.upload;
    },
  };
}
