import { PAGE_BASE_WIDTH, PAGE_MAX_WIDTH } from '@paichat/protocol';
import { throttle } from './throttle';

/** Resize handler throttle (spec section 9). */
export const RESIZE_THROTTLE_MS = 50;
const BASE_FONT_PX = 16;
/**
 * Text stops growing at 1.25× so that a 960 px column on a desktop stays readable; widths,
 * images and grids can use the full `--app-scale`.
 */
const MAX_TEXT_SCALE = 1.25;

export interface PageScale {
  /** Width of the centred page column in px: the viewport, capped at 960. */
  columnWidth: number;
  /** columnWidth / 375: how much the page is scaled against the 375 px design width. */
  scale: number;
  /** Root font size in px. */
  rootFontSize: number;
}

export function computePageScale(viewportWidth: number): PageScale {
  const columnWidth = Math.min(Math.max(viewportWidth, 0), PAGE_MAX_WIDTH) || PAGE_BASE_WIDTH;
  const scale = columnWidth / PAGE_BASE_WIDTH;
  const textScale = Math.min(Math.max(scale, 1), MAX_TEXT_SCALE);
  return { columnWidth, scale, rootFontSize: Math.round(BASE_FONT_PX * textScale * 100) / 100 };
}

function apply(root: HTMLElement, width: number): void {
  const { columnWidth, scale, rootFontSize } = computePageScale(width);
  root.style.setProperty('--app-width', `${columnWidth}px`);
  root.style.setProperty('--app-scale', String(scale));
  root.style.fontSize = `${rootFontSize}px`;
}

/** Keeps the root font size and the `--app-width`/`--app-scale` variables in step with the window. */
export function installWidthScaling(win: Window = window): () => void {
  const root = win.document.documentElement;
  apply(root, win.innerWidth);
  const onResize = throttle(() => apply(root, win.innerWidth), RESIZE_THROTTLE_MS);
  win.addEventListener('resize', onResize);
  win.addEventListener('orientationchange', onResize);
  return () => {
    onResize.cancel();
    win.removeEventListener('resize', onResize);
    win.removeEventListener('orientationchange', onResize);
  };
}
