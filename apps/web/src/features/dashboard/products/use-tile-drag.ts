import { useEffect, useRef, useState, type PointerEvent } from 'react';

/** A tile being dragged: where it came from, where it would land, and how far the pointer has gone. */
export interface TileDrag {
  from: number;
  to: number;
  dx: number;
  dy: number;
}

interface Held extends TileDrag {
  pointerId: number;
  startX: number;
  startY: number;
  startScroll: number;
  /** Where the pointer is now, in the window. */
  x: number;
  y: number;
  moving: boolean;
}

// Below this many pixels a press is still a press (a tap on a phone wobbles a little).
const DRAG_THRESHOLD = 6;
// A tile held this close to the window's top or bottom scrolls the page, this many pixels a frame: a finger that
// drags cannot scroll, and on a phone the photos are taller than the screen.
const EDGE = 56;
const EDGE_SPEED = 10;

/** The index of the tile under the pointer other than the dragged one; null when over the list's gaps. */
function tileUnder(x: number, y: number, dragged: number): number | null | 'outside' {
  for (const element of document.elementsFromPoint(x, y)) {
    const index = element.closest<HTMLElement>('[data-tile-index]')?.dataset.tileIndex;
    // The dragged tile follows the pointer: what counts is below it.
    if (index !== undefined && Number(index) === dragged) continue;
    if (index !== undefined) return Number(index);
    if (element.closest('[data-tile-list]')) return null;
  }
  return 'outside';
}

/**
 * Reordering tiles by dragging them with any pointer (a mouse, a finger, a pen: pointer events, since HTML
 * drag-and-drop never starts from a touch). The tile under the pointer is where the dragged one lands; released
 * outside the list, nothing moves. Held near the window's top or bottom, the page scrolls. Tiles carry
 * `data-tile-index`, their list `data-tile-list`; the element that takes `handlers` must let the touches meant for
 * dragging through with `touch-action: none`.
 */
export function useTileDrag(onMove: (from: number, to: number) => void) {
  // The pointer's events arrive faster than renders: the handlers read the ref, the tiles the state.
  const held = useRef<Held | null>(null);
  const [drag, setDrag] = useState<TileDrag | null>(null);
  const frame = useRef(0);

  /** Moves the held tile to the pointer, the page's scroll included, and finds where it would land. */
  const follow = (current: Held, x: number, y: number) => {
    const [dx, dy] = [x - current.startX, y - current.startY + window.scrollY - current.startScroll];
    const under = tileUnder(x, y, current.from);
    const to = under === 'outside' ? current.from : (under ?? current.to);
    held.current = { ...current, dx, dy, to, x, y, moving: true };
    setDrag({ from: current.from, to, dx, dy });
  };

  const scrollAtEdge = () => {
    const current = held.current;
    if (!current) return;
    const direction = current.y < EDGE ? -1 : current.y > window.innerHeight - EDGE ? 1 : 0;
    const scrolled = window.scrollY;
    if (direction !== 0) window.scrollBy(0, direction * EDGE_SPEED);
    // At the page's end nothing moves, and nothing need be drawn again.
    if (window.scrollY !== scrolled) follow(current, current.x, current.y);
    frame.current = requestAnimationFrame(scrollAtEdge);
  };

  const end = () => {
    cancelAnimationFrame(frame.current);
    held.current = null;
    setDrag(null);
  };
  useEffect(() => () => cancelAnimationFrame(frame.current), []);

  const handlers = (index: number) => ({
    onPointerDown: (event: PointerEvent<HTMLElement>) => {
      // The tile's own buttons stay buttons.
      if (!event.isPrimary || event.button !== 0 || (event.target as Element).closest('button')) return;
      event.currentTarget.setPointerCapture(event.pointerId);
      held.current = {
        from: index,
        to: index,
        dx: 0,
        dy: 0,
        pointerId: event.pointerId,
        startX: event.clientX,
        startY: event.clientY,
        startScroll: window.scrollY,
        x: event.clientX,
        y: event.clientY,
        moving: false,
      };
    },
    onPointerMove: (event: PointerEvent<HTMLElement>) => {
      const current = held.current;
      if (current?.pointerId !== event.pointerId) return;
      const moved = Math.hypot(event.clientX - current.startX, event.clientY - current.startY);
      if (!current.moving && moved < DRAG_THRESHOLD) return;
      if (!current.moving) frame.current = requestAnimationFrame(scrollAtEdge);
      follow(current, event.clientX, event.clientY);
    },
    onPointerUp: (event: PointerEvent<HTMLElement>) => {
      const current = held.current;
      if (current?.pointerId !== event.pointerId) return;
      end();
      if (current.moving && current.to !== current.from) onMove(current.from, current.to);
    },
    // A touch that turns into scrolling the page, or a capture lost to the system, drops nothing.
    onPointerCancel: end,
    onLostPointerCapture: (event: PointerEvent<HTMLElement>) => {
      if (held.current?.pointerId === event.pointerId) end();
    },
  });

  return { drag, handlers };
}
