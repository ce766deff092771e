import { useRef, useState, type PointerEvent } from 'react';

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
  moving: boolean;
}

// Below this many pixels a press is still a press (a tap on a phone wobbles a little).
const DRAG_THRESHOLD = 6;

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
 * outside the list, nothing moves. Tiles carry `data-tile-index`, their list `data-tile-list`; the element that
 * takes `handlers` must let the touches meant for dragging through with `touch-action: none`.
 */
export function useTileDrag(onMove: (from: number, to: number) => void) {
  // The pointer's events arrive faster than renders: the handlers read the ref, the tiles the state.
  const held = useRef<Held | null>(null);
  const [drag, setDrag] = useState<TileDrag | null>(null);

  const end = () => {
    held.current = null;
    setDrag(null);
  };

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
        moving: false,
      };
    },
    onPointerMove: (event: PointerEvent<HTMLElement>) => {
      const current = held.current;
      if (current?.pointerId !== event.pointerId) return;
      const [dx, dy] = [event.clientX - current.startX, event.clientY - current.startY];
      if (!current.moving && Math.hypot(dx, dy) < DRAG_THRESHOLD) return;
      const under = tileUnder(event.clientX, event.clientY, current.from);
      const to = under === 'outside' ? current.from : (under ?? current.to);
      held.current = { ...current, dx, dy, to, moving: true };
      setDrag({ from: current.from, to, dx, dy });
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
