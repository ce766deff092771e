import { buttonClass, type ButtonVariant } from './button.tsx';

/** The types `POST /api/uploads` accepts, for the file picker (the shop decides by the file's content). */
const PICTURE_TYPES = 'image/jpeg,image/png,image/webp,image/avif';

/**
 * A button that opens the file picker for pictures (on a phone, also the camera); the input itself is the
 * control, named by the button's text. `onFiles` receives the chosen files.
 */
export function PictureFileButton({
  label,
  multiple = false,
  variant = 'secondary',
  onFiles,
}: {
  label: string;
  multiple?: boolean;
  variant?: ButtonVariant;
  onFiles: (files: File[]) => void;
}) {
  return (
    <label
      className={buttonClass({
        variant,
        size: 'sm',
        className:
          'cursor-pointer has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-teal-700',
      })}
    >
      {label}
      <input
        type="file"
        accept={PICTURE_TYPES}
        multiple={multiple}
        className="sr-only"
        onChange={({ target }) => {
          onFiles([...(target.files ?? [])]);
          // The same file can be chosen again (after a refusal, say).
          target.value = '';
        }}
      />
    </label>
  );
}
