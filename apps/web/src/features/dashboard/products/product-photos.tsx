import { useState, type DragEvent, type ReactNode } from 'react';
import { imageUrlSchema } from '@bazaar/shared/fields';
import { Button } from '../../../components/button.tsx';
import { Picture } from '../../../components/picture.tsx';
import { PictureFileButton } from '../../../components/picture-file-button.tsx';
import type { PendingUpload, usePictureUploads } from '../../../lib/use-picture-uploads.ts';
import { useTileDrag, type TileDrag } from './use-tile-drag.ts';

type Uploads = ReturnType<typeof usePictureUploads>;

// A tile's width: two a row on phones, up to five on wide screens.
const TILE_SIZES = '(min-width: 640px) 160px, 50vw';
const tileFrame = 'relative aspect-square overflow-hidden rounded-lg bg-gray-100 ring-1 ring-gray-200';

const ICONS = {
  earlier: 'M15 18l-6-6 6-6',
  later: 'M9 18l6-6-6-6',
  main: 'M12 3l2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1-4.4-4.3 6.1-.9z',
  remove: 'M6 6l12 12M18 6L6 18',
};

/** Six dots, the usual sign of something that can be dragged. */
function GripIcon() {
  return (
    <svg viewBox="0 0 24 12" aria-hidden="true" className="h-3 w-6 fill-current">
      {[4, 12, 20].flatMap((x) => [3, 9].map((y) => <circle key={`${x}-${y}`} cx={x} cy={y} r={1.6} />))}
    </svg>
  );
}

function IconButton({
  label,
  icon,
  disabled,
  className,
  onClick,
}: {
  label: string;
  icon: keyof typeof ICONS;
  disabled?: boolean;
  className?: string;
  onClick: () => void;
}) {
  return (
    <Button
      variant="secondary"
      size="xs"
      aria-label={label}
      title={label}
      disabled={disabled}
      className={className}
      onClick={onClick}
    >
      <svg viewBox="0 0 24 24" aria-hidden="true" className="size-4 fill-none stroke-current stroke-2">
        <path d={ICONS[icon]} strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </Button>
  );
}

/** `photos` with the one at `from` moved to `to`. */
function moved(photos: readonly string[], from: number, to: number): string[] {
  const next = photos.filter((_, index) => index !== from);
  next.splice(to, 0, photos[from] ?? '');
  return next;
}

function PhotoTile({
  url,
  index,
  count,
  main,
  unloadable,
  onUnloadable,
  drag,
  dragHandlers,
  onChange,
}: {
  url: string;
  index: number;
  count: number;
  main: boolean;
  /** True when no picture could be loaded from `url`: the tile says so, and passes for no photo. */
  unloadable: boolean;
  onUnloadable: (url: string) => void;
  drag: TileDrag | null;
  dragHandlers: ReturnType<typeof useTileDrag>['handlers'];
  onChange: (update: (photos: string[]) => string[]) => void;
}) {
  const move = (to: number) => onChange((photos) => moved(photos, index, to));
  const dragged = drag?.from === index;
  // Where the dragged photo would land: before this one when it comes from further on, else after it.
  const landing =
    drag && !dragged && drag.to === index ? (drag.from > index ? 'before' : 'after') : undefined;
  return (
    <li
      data-tile-index={index}
      className={`relative flex flex-col gap-2 ${dragged ? 'z-10 opacity-80' : ''}`}
      // A little smaller than the others, so that the tile it is over still shows round it.
      style={dragged ? { transform: `translate(${drag.dx}px, ${drag.dy}px) scale(0.85)` } : undefined}
    >
      {landing && (
        <span
          aria-hidden="true"
          data-landing={landing}
          className={`absolute inset-y-0 w-1 rounded-full bg-teal-600 ${landing === 'before' ? '-left-2' : '-right-2'}`}
        />
      )}
      <div
        {...dragHandlers(index)}
        className={`${tileFrame} cursor-grab select-none ${dragged ? 'cursor-grabbing shadow-lg ring-2 ring-teal-600' : ''} ${landing ? 'ring-2 ring-teal-600' : ''} ${unloadable ? 'ring-2 ring-rose-400' : ''}`}
      >
        {unloadable ? (
          <span className="absolute inset-0 flex items-center justify-center p-3 text-center text-sm font-medium text-rose-700">
            Could not load this picture
          </span>
        ) : (
          <Picture
            src={url}
            alt={main ? 'Main photo' : `Photo ${index + 1}`}
            sizes={TILE_SIZES}
            draggable={false}
            className="size-full object-cover"
            onError={() => onUnloadable(url)}
          />
        )}
        {main && !unloadable && (
          <span className="absolute top-1.5 left-1.5 rounded-full bg-teal-700 px-2 py-0.5 text-xs font-semibold text-white shadow">
            Main photo
          </span>
        )}
        <IconButton
          label="Remove"
          icon="remove"
          className="absolute top-1.5 right-1.5 shadow"
          onClick={() => onChange((photos) => photos.filter((_, at) => at !== index))}
        />
        {/* A finger drags from here; elsewhere on the picture it scrolls the page. The buttons below do the same. */}
        <span
          aria-hidden="true"
          title="Drag to move"
          className="absolute bottom-1.5 left-1/2 flex h-7 w-11 -translate-x-1/2 touch-none items-center justify-center rounded-full bg-white/90 text-gray-700 shadow ring-1 ring-gray-300"
        >
          <GripIcon />
        </span>
      </div>
      {/* Three a row fit a phone's tile; Remove sits on the picture. */}
      <div className="grid grid-cols-3 gap-1">
        <IconButton
          label="Move earlier"
          icon="earlier"
          disabled={index === 0}
          onClick={() => move(index - 1)}
        />
        <IconButton label="Make main photo" icon="main" disabled={main} onClick={() => move(0)} />
        <IconButton
          label="Move later"
          icon="later"
          disabled={index === count - 1}
          onClick={() => move(index + 1)}
        />
      </div>
    </li>
  );
}

function UploadTile({ upload, onRemove }: { upload: PendingUpload; onRemove: () => void }) {
  const percent = Math.round(upload.progress * 100);
  return (
    <li className="flex flex-col gap-2">
      <div className={`${tileFrame} ${upload.error ? 'ring-2 ring-rose-400' : ''}`}>
        {/* A refused file may be no picture at all: its preview is left out. */}
        {upload.error ? (
          <span className="absolute inset-0 flex items-center justify-center text-sm font-medium text-rose-700">
            Not added
          </span>
        ) : (
          <img src={upload.preview} alt="" className="size-full object-cover opacity-60" />
        )}
        {!upload.error && (
          <progress
            max={100}
            value={percent}
            aria-label={`Uploading ${upload.name}`}
            className="absolute inset-x-2 bottom-2 h-2 w-[calc(100%-1rem)] accent-teal-700"
          />
        )}
      </div>
      {upload.error ? (
        <p role="alert" className="text-sm break-words text-rose-700">
          <span className="font-semibold">{upload.name}:</span> {upload.error}
        </p>
      ) : (
        <p className="truncate text-xs text-gray-600">Uploading… {percent}%</p>
      )}
      <Button variant="secondary" size="xs" onClick={onRemove}>
        {upload.error ? 'Remove' : 'Cancel upload'}
      </Button>
    </li>
  );
}

/** Is this drag carrying files (not text or a link from the page)? */
const carriesFiles = (event: DragEvent) => event.dataTransfer.types.includes('Files');

/**
 * The product's photos: dropped on the box or chosen with Add photos (a phone offers its camera), shown
 * while they upload, then in the product's order, the main picture first. `photos` and `onChange` are the
 * form's picture fields as a list (pasted URLs included); the uploads end up in it.
 */
export function ProductPhotos({
  photos,
  hasMain,
  uploads,
  onFiles,
  onChange,
  unloadable,
  onUnloadable,
  children,
}: {
  photos: readonly string[];
  /** False when the form has no main picture yet (only extra images were pasted). */
  hasMain: boolean;
  uploads: Uploads;
  /** Uploads the files dropped or chosen. */
  onFiles: (files: Iterable<File>) => void;
  onChange: (update: (photos: string[]) => string[]) => void;
  /** The addresses no picture could be loaded from, and how a tile tells of one. */
  unloadable: ReadonlySet<string>;
  onUnloadable: (url: string) => void;
  /** The URL fields, for pictures that are already online. */
  children: ReactNode;
}) {
  const [dragging, setDragging] = useState(false);
  const tiles = useTileDrag((from, to) => onChange((list) => moved(list, from, to)));

  const onDragOver = (event: DragEvent) => {
    if (!carriesFiles(event)) return;
    // Without this the browser opens the file instead of dropping it here.
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setDragging(true);
  };
  const onDragLeave = (event: DragEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    onFiles(event.dataTransfer.files);
  };

  const empty = photos.length === 0 && uploads.pending.length === 0;
  return (
    <fieldset
      onDragOver={onDragOver}
      onDragLeave={onDragLeave}
      onDrop={onDrop}
      className={`flex min-w-0 flex-col gap-4 rounded-xl border-2 border-dashed p-4 transition-colors md:col-span-2 ${
        dragging ? 'border-teal-600 bg-teal-50' : 'border-gray-300'
      }`}
    >
      <legend className="px-1 text-sm font-medium text-gray-800">Photos</legend>
      <div className="flex flex-col items-center gap-2 text-center">
        <p className="text-sm text-gray-700">
          <span className="hidden sm:inline">
            Drag photos here, or add them from your device. Drag a photo to move it.
          </span>
          <span className="sm:hidden">
            Take photos or add them from your phone. Drag a photo by its dots to move it.
          </span>
        </p>
        <PictureFileButton label="Add photos" multiple variant="outline" onFiles={onFiles} />
        <p className="text-xs text-gray-600">
          JPEG, PNG, WebP or AVIF, up to 10 MB each. The first photo is the main picture.
        </p>
      </div>
      {!empty && (
        <ol
          aria-label="Chosen photos"
          data-tile-list
          className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-5"
        >
          {photos.map((url, index) => (
            <PhotoTile
              key={`${index}-${url}`}
              url={url}
              index={index}
              count={photos.length}
              main={hasMain && index === 0}
              unloadable={unloadable.has(url) || !imageUrlSchema.safeParse(url).success}
              onUnloadable={onUnloadable}
              drag={tiles.drag}
              dragHandlers={tiles.handlers}
              onChange={onChange}
            />
          ))}
          {uploads.pending.map((upload) => (
            <UploadTile key={upload.id} upload={upload} onRemove={() => uploads.remove(upload.id)} />
          ))}
        </ol>
      )}
      <div className="grid gap-4 md:grid-cols-2">{children}</div>
    </fieldset>
  );
}
