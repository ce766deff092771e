import type { Image, Product } from '@bazaar/shared/products';
import { PRODUCT_PICTURE_SIZES } from '@bazaar/shared/uploads';
import { useId, useRef, useState, type KeyboardEvent, type TouchEvent } from 'react';
import { createPortal } from 'react-dom';
import { ChevronIcon } from '../../../components/chevron-icon.tsx';
import { CloseIcon } from '../../../components/close-icon.tsx';
import { Picture } from '../../../components/picture.tsx';
import { useModalDialog } from '../../../components/use-modal-dialog.ts';

// How far a finger slides sideways, in CSS pixels, to turn to the next or previous photo.
const SWIPE_DISTANCE = 50;

const lightboxButtonClass =
  'flex size-12 items-center justify-center rounded-full bg-white/90 text-gray-900 shadow transition hover:bg-white focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-white';

/**
 * Tab from the dialog's last button goes round to its first, and Shift+Tab from its first to its last: a modal
 * <dialog> alone lets focus leave the page for the browser's own controls.
 */
function keepFocusWithin(event: KeyboardEvent<HTMLDialogElement>) {
  const buttons = [...event.currentTarget.querySelectorAll('button')];
  const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
  const step = event.shiftKey ? -1 : 1;
  // From the dialog itself (no button focused yet), to the first or the last.
  const next = at === -1 ? (event.shiftKey ? buttons.length - 1 : 0) : at + step;
  buttons[(next + buttons.length) % buttons.length]?.focus();
}

/**
 * The product's photos large, one at a time, over the whole screen: a modal <dialog> (focus stays inside and
 * goes back to what opened it; Escape closes), with Previous and Next, the arrow keys, and a finger's swipe.
 */
function PhotoLightbox({
  open,
  productName,
  pictures,
  index,
  onShow,
  onClose,
}: {
  open: boolean;
  productName: string;
  pictures: readonly Image[];
  index: number;
  onShow: (index: number) => void;
  onClose: () => void;
}) {
  const dialogProps = useModalDialog(open, onClose);
  const counterId = useId();
  const swipeStart = useRef<number | null>(null);
  const shown = pictures[index];
  const several = pictures.length > 1;
  // Round the end: after the last photo comes the first.
  const turn = (step: number) => onShow((index + step + pictures.length) % pictures.length);

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key === 'Tab') keepFocusWithin(event);
    else if (several && event.key === 'ArrowLeft') turn(-1);
    else if (several && event.key === 'ArrowRight') turn(1);
    else return;
    event.preventDefault();
  };
  const onTouchEnd = (event: TouchEvent) => {
    const start = swipeStart.current;
    const end = event.changedTouches[0]?.clientX;
    swipeStart.current = null;
    if (start === null || end === undefined || Math.abs(end - start) < SWIPE_DISTANCE) return;
    turn(end < start ? 1 : -1);
  };

  return createPortal(
    <dialog
      {...dialogProps}
      aria-label={`Photos of ${productName}`}
      aria-describedby={counterId}
      onKeyDown={onKeyDown}
      className="m-0 size-full max-h-none max-w-none bg-gray-950 p-0 text-white backdrop:bg-gray-950"
    >
      {open && shown && (
        <div className="flex size-full flex-col">
          <div className="flex items-center justify-between gap-3 px-4 py-3">
            <p id={counterId} aria-live="polite" className="text-base font-medium">
              Photo {index + 1} of {pictures.length}
            </p>
            <button type="button" onClick={onClose} aria-label="Close photos" className={lightboxButtonClass}>
              <CloseIcon className="size-6" />
            </button>
          </div>
          <div
            className="relative min-h-0 flex-1"
            onTouchStart={(event) => {
              swipeStart.current = event.touches[0]?.clientX ?? null;
            }}
            onTouchEnd={several ? onTouchEnd : undefined}
          >
            <Picture
              key={shown.url}
              src={shown.url}
              alt={shown.alt}
              sizes="100vw"
              className="absolute inset-0 size-full object-contain"
            />
          </div>
          {several && (
            // Under the photo on a phone, within the thumb's reach; at its sides on wider screens.
            <div className="flex justify-center gap-6 px-4 py-4 md:contents">
              <button
                type="button"
                onClick={() => turn(-1)}
                aria-label="Previous photo"
                className={`${lightboxButtonClass} md:absolute md:top-1/2 md:left-4 md:-translate-y-1/2`}
              >
                <ChevronIcon direction="previous" />
              </button>
              <button
                type="button"
                onClick={() => turn(1)}
                aria-label="Next photo"
                className={`${lightboxButtonClass} md:absolute md:top-1/2 md:right-4 md:-translate-y-1/2`}
              >
                <ChevronIcon direction="next" />
              </button>
            </div>
          )}
        </div>
      )}
    </dialog>,
    document.body,
  );
}

/**
 * The product page's photos: the chosen one whole (a wide or tall photo is not cropped), which opens them all
 * large, and the thumbnails that choose it.
 */
export function ProductGallery({ product }: { product: Product }) {
  const pictures = [product.mainImage, ...product.images];
  const [selected, setSelected] = useState(0);
  const [enlarged, setEnlarged] = useState(false);
  const shown = pictures[selected] ?? product.mainImage;
  return (
    <div className="flex flex-col gap-3">
      <div className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-gray-200">
        <button
          type="button"
          onClick={() => setEnlarged(true)}
          aria-haspopup="dialog"
          aria-label={`Enlarge photo ${selected + 1} of ${pictures.length}`}
          className="block w-full cursor-zoom-in focus-visible:outline-3 focus-visible:-outline-offset-3 focus-visible:outline-teal-700"
        >
          <Picture
            src={shown.url}
            alt={shown.alt}
            sizes={PRODUCT_PICTURE_SIZES}
            width={600}
            height={600}
            // The page's largest picture: fetched ahead of the thumbnails and the cards below.
            fetchPriority="high"
            className="aspect-square w-full object-contain"
          />
        </button>
      </div>
      {pictures.length > 1 && (
        <ul aria-label="Product images" className="grid grid-cols-5 gap-2">
          {pictures.map((picture, index) => (
            <li key={`${picture.url}-${index}`}>
              <button
                type="button"
                onClick={() => setSelected(index)}
                aria-label={`Show image ${index + 1} of ${pictures.length}`}
                aria-pressed={index === selected}
                className="block w-full overflow-hidden rounded-lg bg-white ring-1 ring-gray-200 transition hover:ring-teal-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-700 aria-pressed:ring-2 aria-pressed:ring-teal-600"
              >
                <Picture
                  src={picture.url}
                  alt={picture.alt}
                  sizes="(min-width: 1280px) 120px, (min-width: 768px) 10vw, 20vw"
                  width={600}
                  height={600}
                  loading="lazy"
                  className="aspect-square w-full object-cover"
                />
              </button>
            </li>
          ))}
        </ul>
      )}
      <PhotoLightbox
        open={enlarged}
        productName={product.name}
        pictures={pictures}
        index={selected}
        onShow={setSelected}
        onClose={() => setEnlarged(false)}
      />
    </div>
  );
}
