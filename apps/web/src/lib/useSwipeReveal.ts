/**
 * Swipe a row toward the inline start to reveal its actions, WeChat's way. A drag picks its axis
 * once it has moved more than the long-press tolerance (so a swipe has always cancelled the
 * long press first): mostly vertical is a scroll and left to the browser (the row has
 * `touch-action: pan-y`); mostly horizontal moves the row with the finger, and on release it
 * snaps open past half of the actions' width, else back closed. The reveal side follows the
 * document's direction (right-to-left locales swipe rightwards).
 *
 * While a row is open, any press outside it closes it. A tap that closes a row (on the row itself
 * or on another swipe row) is swallowed, as is the click that ends a drag, so neither opens the
 * row's link. The parent owns `open`, which is how it keeps a single row open.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { CSSProperties, MouseEvent, PointerEvent } from 'react';
import { LONG_PRESS_TOLERANCE_PX } from '@paichat/protocol';

export const SWIPE_SLOP_PX = LONG_PRESS_TOLERANCE_PX;

export type SwipeAxis = 'x' | 'y';

/** The axis a drag of (dx, dy) commits to, or null while it is still within the slop. */
export function lockAxis(dx: number, dy: number, slop = SWIPE_SLOP_PX): SwipeAxis | null {
  if (Math.hypot(dx, dy) <= slop) return null;
  return Math.abs(dx) > Math.abs(dy) ? 'x' : 'y';
}

/** How much of the actions (0 to `width`) shows after a horizontal move of `dx` from `from`. */
export function revealAfter(from: number, dx: number, width: number, rtl: boolean): number {
  return Math.min(width, Math.max(0, from + (rtl ? dx : -dx)));
}

/** Whether a row released with `reveal` of `width` showing snaps open. */
export function settlesOpen(reveal: number, width: number): boolean {
  return width > 0 && reveal > width / 2;
}

export interface SwipeRevealOptions {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export interface SwipeRevealHandlers {
  onPointerDown: (event: PointerEvent<HTMLElement>) => void;
  onPointerMove: (event: PointerEvent<HTMLElement>) => void;
  onPointerUp: (event: PointerEvent<HTMLElement>) => void;
  onPointerCancel: () => void;
  onClickCapture: (event: MouseEvent) => void;
}

export interface SwipeReveal {
  /** The element holding both the sliding row and its actions: presses inside do not close it. */
  rootRef: (element: HTMLElement | null) => (() => void) | undefined;
  /** The actions behind the row; their width is how far the row opens. */
  actionsRef: (element: HTMLElement | null) => void;
  /** For the sliding row. */
  handlers: SwipeRevealHandlers;
  /** The sliding row's offset. */
  style: CSSProperties | undefined;
  /** The row follows the finger (no transition). */
  dragging: boolean;
  /** Drop the gesture under way and close (e.g. when a long press took over). */
  cancel: () => void;
}

interface Offset {
  reveal: number;
  rtl: boolean;
}

interface Gesture {
  pointerId: number;
  x: number;
  y: number;
  /** The reveal when it started. */
  from: number;
  width: number;
  rtl: boolean;
  axis: SwipeAxis | null;
  /** It started by closing a row: as a tap it only closes. */
  closing: boolean;
}

/** The press that closed an open row from outside it; the row it landed on swallows its tap. */
let closingPress: Event | null = null;

const isRtl = (element: Element) => element.closest('[dir]')?.getAttribute('dir') === 'rtl';

export function useSwipeReveal({ open, onOpenChange }: SwipeRevealOptions): SwipeReveal {
  const root = useRef<HTMLElement | null>(null);
  const actions = useRef<HTMLElement | null>(null);
  const actionsRef = useCallback((element: HTMLElement | null) => void (actions.current = element), []);
  const rootRef = useCallback((element: HTMLElement | null) => {
    root.current = element;
    if (!element) return undefined;
    // Once a drag is ours, the browser must not see a scroll either: a sideways "scroll" it
    // cannot perform still ends in a fling, and the tap that stops a fling never clicks, so the
    // revealed buttons would ignore a quick tap. React listens to touchmove passively.
    const holdTouch = (event: TouchEvent) => {
      if (gesture.current?.axis === 'x' && event.cancelable) event.preventDefault();
    };
    element.addEventListener('touchmove', holdTouch, { passive: false });
    return () => element.removeEventListener('touchmove', holdTouch);
  }, []);
  const gesture = useRef<Gesture | null>(null);
  const swallowClick = useRef(false);
  /** Where the row is: while dragging, how much of the actions shows; at rest, how much an open row shows. */
  const [drag, setDrag] = useState<Offset | null>(null);
  const [rest, setRest] = useState<Offset>({ reveal: 0, rtl: false });
  const changeOpen = useRef(onOpenChange);
  const isOpen = useRef(open);
  useEffect(() => {
    changeOpen.current = onOpenChange;
    isOpen.current = open;
  }, [onOpenChange, open]);

  useEffect(() => {
    if (!open) return;
    const onPressElsewhere = (event: Event) => {
      if (root.current?.contains(event.target as Node)) return;
      closingPress = event;
      changeOpen.current(false);
    };
    document.addEventListener('pointerdown', onPressElsewhere, true);
    return () => document.removeEventListener('pointerdown', onPressElsewhere, true);
  }, [open]);

  const cancel = useCallback(() => {
    gesture.current = null;
    setDrag(null);
    if (isOpen.current) changeOpen.current(false);
  }, []);

  const handlers = useMemo<SwipeRevealHandlers>(
    () => ({
      onPointerDown: (event) => {
        swallowClick.current = false;
        if (event.pointerType === 'mouse' && event.button !== 0) return;
        const width = actions.current?.offsetWidth ?? 0;
        const wasOpen = isOpen.current;
        gesture.current = {
          pointerId: event.pointerId,
          x: event.clientX,
          y: event.clientY,
          from: wasOpen ? width : 0,
          width,
          rtl: isRtl(event.currentTarget),
          axis: null,
          closing: wasOpen || event.nativeEvent === closingPress,
        };
      },
      onPointerMove: (event) => {
        const g = gesture.current;
        if (!g || event.pointerId !== g.pointerId) return;
        const dx = event.clientX - g.x;
        if (!g.axis) {
          g.axis = lockAxis(dx, event.clientY - g.y);
          if (g.axis === 'x') event.currentTarget.setPointerCapture?.(event.pointerId);
        }
        if (g.axis === 'x') setDrag({ reveal: revealAfter(g.from, dx, g.width, g.rtl), rtl: g.rtl });
      },
      onPointerUp: (event) => {
        const g = gesture.current;
        if (!g || event.pointerId !== g.pointerId) return;
        gesture.current = null;
        // A drag is not a tap, and a tap that closes a row does only that.
        swallowClick.current = g.axis !== null || g.closing;
        if (g.axis === 'x') {
          const opens = settlesOpen(revealAfter(g.from, event.clientX - g.x, g.width, g.rtl), g.width);
          setRest({ reveal: g.width, rtl: g.rtl });
          setDrag(null);
          changeOpen.current(opens);
        } else if (isOpen.current) {
          changeOpen.current(false);
        }
      },
      // The browser took the touch over (a vertical scroll): an open row closes.
      onPointerCancel: () => {
        const g = gesture.current;
        gesture.current = null;
        setDrag(null);
        if (g && isOpen.current) changeOpen.current(false);
      },
      onClickCapture: (event) => {
        if (!swallowClick.current) return;
        swallowClick.current = false;
        event.preventDefault();
        event.stopPropagation();
      },
    }),
    [],
  );

  const { reveal, rtl } = drag ?? (open ? rest : { reveal: 0, rtl: false });
  return {
    rootRef,
    actionsRef,
    handlers,
    style: reveal ? { transform: `translateX(${rtl ? reveal : -reveal}px)` } : undefined,
    dragging: drag !== null,
    cancel,
  };
}
