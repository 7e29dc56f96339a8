/**
 * Long press the spec's way (section 9): it fires after 350 ms of holding still; moving more
 * than 10 px first (a scroll, a swipe) cancels it. The click that ends a long press is
 * swallowed, so a held row opens its menu and does not also open the chat. A context-menu
 * request (right click, the keyboard's menu key) opens the same menu at once.
 */
import { useCallback, useEffect, useMemo, useRef } from 'react';
import type { MouseEvent, PointerEvent } from 'react';
import { LONG_PRESS_MS, LONG_PRESS_TOLERANCE_PX } from '@paichat/protocol';

const SAME_GESTURE_MS = 1_000;

export interface LongPressOptions {
  delay?: number;
  tolerance?: number;
}

export interface LongPressHandlers {
  onPointerDown: (event: PointerEvent) => void;
  onPointerMove: (event: PointerEvent) => void;
  onPointerUp: () => void;
  onPointerCancel: () => void;
  onPointerLeave: () => void;
  onContextMenu: (event: MouseEvent) => void;
  onClickCapture: (event: MouseEvent) => void;
}

export function useLongPress(
  onLongPress: () => void,
  { delay = LONG_PRESS_MS, tolerance = LONG_PRESS_TOLERANCE_PX }: LongPressOptions = {},
): LongPressHandlers {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const start = useRef<{ x: number; y: number } | null>(null);
  /** The press that just ended fired: swallow its click. */
  const fired = useRef(false);
  /** When the timer last fired: the context menu a long press raises right after is the same gesture. */
  const firedAt = useRef(Number.NEGATIVE_INFINITY);
  const callback = useRef(onLongPress);
  useEffect(() => {
    callback.current = onLongPress;
  }, [onLongPress]);

  const cancel = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = undefined;
    start.current = null;
  }, []);

  useEffect(() => cancel, [cancel]);

  return useMemo(
    () => ({
      onPointerDown: (event: PointerEvent) => {
        fired.current = false;
        if (event.pointerType === 'mouse' && event.button !== 0) return;
        cancel();
        start.current = { x: event.clientX, y: event.clientY };
        timer.current = setTimeout(() => {
          timer.current = undefined;
          start.current = null;
          fired.current = true;
          firedAt.current = Date.now();
          callback.current();
        }, delay);
      },
      onPointerMove: (event: PointerEvent) => {
        const from = start.current;
        if (!from) return;
        if (Math.hypot(event.clientX - from.x, event.clientY - from.y) > tolerance) cancel();
      },
      onPointerUp: cancel,
      onPointerCancel: cancel,
      onPointerLeave: cancel,
      onContextMenu: (event: MouseEvent) => {
        // Mobile browsers raise it on a long press too: no native menu, and only one of ours.
        event.preventDefault();
        cancel();
        if (Date.now() - firedAt.current < SAME_GESTURE_MS) return;
        callback.current();
      },
      onClickCapture: (event: MouseEvent) => {
        if (!fired.current) return;
        fired.current = false;
        event.preventDefault();
        event.stopPropagation();
      },
    }),
    [cancel, delay, tolerance],
  );
}
