import type { ComponentProps } from 'react';
import { Avatar } from '../../../components/avatar.tsx';
import { Button } from '../../../components/button.tsx';
import { PictureFileButton } from '../../../components/picture-file-button.tsx';
import { TextField } from '../../../components/text-field.tsx';
import type { usePictureUploads } from '../../../lib/use-picture-uploads.ts';

/**
 * The profile picture: its URL, typed or pasted as ever, or a photo uploaded with Upload a picture (a phone
 * offers its camera), whose stored URL then fills the field. Shows the picture the field names.
 */
export function ProfilePictureField({
  personName,
  uploads,
  onFiles,
  ...field
}: ComponentProps<typeof TextField> & {
  personName: string;
  uploads: ReturnType<typeof usePictureUploads>;
  onFiles: (files: File[]) => void;
}) {
  const url = typeof field.value === 'string' ? field.value.trim() : '';
  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-end gap-3">
        <span className="flex size-14 shrink-0 items-center justify-center overflow-hidden rounded-full bg-teal-100 font-semibold text-teal-800">
          <Avatar name={personName} pictures={[url]} sizes="56px" />
        </span>
        <TextField {...field} className="min-w-0 flex-1" />
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <PictureFileButton label="Upload a picture" onFiles={onFiles} />
        <span className="text-xs text-gray-600">JPEG, PNG, WebP or AVIF, up to 10 MB.</span>
      </div>
      {uploads.pending.map((upload) =>
        upload.error ? (
          <div key={upload.id} className="flex flex-wrap items-center gap-2">
            <p role="alert" className="text-sm text-rose-700">
              <span className="font-semibold">{upload.name}:</span> {upload.error}
            </p>
            <Button variant="secondary" size="xs" onClick={() => uploads.remove(upload.id)}>
              Dismiss
            </Button>
          </div>
        ) : (
          <label key={upload.id} className="flex items-center gap-2 text-sm text-gray-700">
            Uploading {upload.name}…
            <progress
              max={100}
              value={Math.round(upload.progress * 100)}
              className="h-2 w-32 accent-teal-700"
            />
          </label>
        ),
      )}
    </div>
  );
}
