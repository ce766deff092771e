import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { ChevronIcon } from '../../../components/chevron-icon.tsx';

// Each picture says "Shop now", so each leads to the products it advertises.
const SLIDES = [
  { src: '/images/banners/1.svg', alt: 'Mega Sale: up to 50% off', to: '/flash-sale' },
  { src: '/images/banners/2.svg', alt: 'New arrivals every day', to: '/new-product-page' },
  { src: '/images/banners/3.svg', alt: 'Shipping shown up front', to: '/categories-all' },
  { src: '/images/banners/4.svg', alt: 'Flash deals ending soon', to: '/flash-sale' },
] as const;

const ROTATION_MS = 3000;

const controlClasses =
  'flex items-center justify-center rounded-full bg-white/85 text-gray-900 shadow transition hover:bg-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white';

/**
 * The home page's rotating banner (APG carousel): advances every 3 s, pauses while hovered or focused or
 * when the shopper stops it, and has Previous, Next and per-slide buttons. The pictures carry their words on
 * the left: a phone shows that half at twice the size, with the buttons in a bar below it, off the words.
 */
export function Banner() {
  const [current, setCurrent] = useState(0);
  const [stopped, setStopped] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const rotating = !stopped && !hovered && !focused;

  useEffect(() => {
    if (!rotating) return;
    const timer = setInterval(() => setCurrent((index) => (index + 1) % SLIDES.length), ROTATION_MS);
    return () => clearInterval(timer);
  }, [rotating]);

  const go = (step: number) => setCurrent((index) => (index + step + SLIDES.length) % SLIDES.length);

  return (
    <section
      aria-roledescription="carousel"
      aria-label="Highlights"
      className="relative overflow-hidden rounded-2xl bg-gray-200 shadow-sm"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
      }}
    >
      {/* First in the tab order, as the APG carousel pattern asks. */}
      <button
        type="button"
        onClick={() => setStopped((value) => !value)}
        aria-label={stopped ? 'Start automatic slide show' : 'Stop automatic slide show'}
        className={`${controlClasses} absolute right-3 bottom-2.5 z-10 size-7 md:bottom-3`}
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" className="size-3.5 fill-current">
          {stopped ? <path d="M6 4l10 6-10 6z" /> : <path d="M5 4h3.5v12H5zM11.5 4H15v12h-3.5z" />}
        </svg>
      </button>
      {/* The slides share one box of the images' 8:3 ratio, so nothing below moves. */}
      <div className="relative aspect-[4/3] md:aspect-[8/3]" aria-live={rotating ? 'off' : 'polite'}>
        {SLIDES.map((slide, index) => (
          <div
            key={slide.src}
            role="group"
            aria-roledescription="slide"
            aria-label={`${index + 1} of ${SLIDES.length}`}
            aria-hidden={index !== current}
            // Hidden slides' links must not take keyboard focus.
            inert={index !== current}
            className={`absolute inset-0 motion-safe:transition-opacity motion-safe:duration-700 ${
              index === current ? 'opacity-100' : 'opacity-0'
            }`}
          >
            <Link
              to={slide.to}
              className="block size-full focus-visible:outline-3 focus-visible:-outline-offset-3 focus-visible:outline-white"
            >
              <img
                src={slide.src}
                alt={slide.alt}
                width={1600}
                height={600}
                // The first slide is what the shopper sees first; the rest can wait their turn.
                fetchPriority={index === 0 ? 'high' : 'low'}
                className="size-full object-cover object-left md:object-center"
              />
            </Link>
          </div>
        ))}
      </div>

      {/* A bar under the picture on a phone (room on its right for the Stop button); over it on wider screens. */}
      <div className="flex items-center justify-center gap-3 bg-gray-800 py-1.5 pr-10 pl-3 md:contents">
        <button
          type="button"
          onClick={() => go(-1)}
          aria-label="Previous slide"
          className={`${controlClasses} size-9 md:absolute md:top-1/2 md:left-3 md:size-11 md:-translate-y-1/2`}
        >
          <ChevronIcon direction="previous" />
        </button>
        <Dots current={current} onShow={setCurrent} />
        <button
          type="button"
          onClick={() => go(1)}
          aria-label="Next slide"
          className={`${controlClasses} size-9 md:absolute md:top-1/2 md:right-3 md:size-11 md:-translate-y-1/2`}
        >
          <ChevronIcon direction="next" />
        </button>
      </div>
    </section>
  );
}

function Dots({ current, onShow }: { current: number; onShow: (index: number) => void }) {
  return (
    <div className="flex items-center justify-center gap-2 md:absolute md:inset-x-0 md:bottom-3">
      {SLIDES.map((slide, index) => (
        <button
          key={slide.src}
          type="button"
          onClick={() => onShow(index)}
          aria-label={`Show slide ${index + 1}`}
          aria-current={index === current}
          className="flex size-6 items-center justify-center rounded-full focus-visible:outline-2 focus-visible:outline-white"
        >
          <span
            aria-hidden="true"
            className={`block h-2 rounded-full bg-white shadow transition-all ${index === current ? 'w-5' : 'w-2 opacity-60'}`}
          />
        </button>
      ))}
    </div>
  );
}
