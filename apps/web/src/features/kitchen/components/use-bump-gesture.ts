import {
  useEffect,
  useRef,
  type MouseEvent as ReactMouseEvent,
  type PointerEvent as ReactPointerEvent,
} from 'react';

/** How long a finger rests on a ticket to bump it, and how far a swipe travels (CSS px). */
export const LONG_PRESS_MS = 600;
export const SWIPE_PX = 96;
/** Movement that turns a press into a scroll or a swipe rather than a long press. */
const SLOP_PX = 10;

interface Press {
  readonly id: number;
  readonly x: number;
  readonly y: number;
  timer: ReturnType<typeof setTimeout> | null;
  done: boolean;
}

/**
 * A ticket's gestures, as kitchen display systems offer them (issue 25): a long press or a swipe to the right
 * bumps the ticket. A shortcut only: every bump also has its button on the ticket. Presses that start on a
 * control (a button, a summary) are the control's.
 */
export function useBumpGesture(onBump: (() => void) | undefined) {
  const press = useRef<Press | null>(null);
  const latest = useRef(onBump);
  latest.current = onBump;

  useEffect(() => () => clear(), []);

  function clear() {
    if (press.current?.timer) clearTimeout(press.current.timer);
    press.current = null;
  }

  function fire() {
    const current = press.current;
    if (!current || current.done) return;
    current.done = true;
    if (current.timer) clearTimeout(current.timer);
    current.timer = null;
    latest.current?.();
  }

  if (!onBump) return {};
  return {
    onPointerDown(event: ReactPointerEvent<HTMLElement>) {
      if (!event.isPrimary || event.button !== 0) return;
      if ((event.target as Element).closest('button, a, input, select, textarea, summary')) return;
      clear();
      const started: Press = {
        id: event.pointerId,
        x: event.clientX,
        y: event.clientY,
        timer: null,
        done: false,
      };
      started.timer = setTimeout(fire, LONG_PRESS_MS);
      press.current = started;
    },
    onPointerMove(event: ReactPointerEvent<HTMLElement>) {
      const current = press.current;
      if (!current || current.id !== event.pointerId || current.done) return;
      const dx = event.clientX - current.x;
      const dy = event.clientY - current.y;
      if (current.timer && Math.hypot(dx, dy) > SLOP_PX) {
        clearTimeout(current.timer);
        current.timer = null;
      }
      if (dx >= SWIPE_PX && Math.abs(dy) < dx / 2) fire();
    },
    onPointerUp: clear,
    onPointerCancel: clear,
    onPointerLeave: clear,
    // A long press on a touch screen also asks for the context menu: the ticket's press wins.
    onContextMenu(event: ReactMouseEvent<HTMLElement>) {
      if (press.current) event.preventDefault();
    },
  };
}
