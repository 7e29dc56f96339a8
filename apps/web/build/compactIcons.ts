/**
 * antd-mobile-icons as the build bundles them: their path data with one decimal (on the icons'
 * 48-unit grid, 1/20 of a pixel at 24 px) instead of up to eight, and without the ids their
 * design tool left on every element (nothing refers to them, and an icon drawn twice repeated
 * them in the page). The tab bar, title bar and chat list icons are on the first page, where this
 * takes ~4 KB gzipped off (the bundle budget).
 */
import type { Plugin } from 'vite';

const ICON_MODULE = /[\\/]antd-mobile-icons[\\/]es[\\/]\w+\.js$/;
/** Relative path commands would carry each rounding on to the next point: such paths stay exact. */
const RELATIVE_COMMAND = /[a-df-y]/;

export function compactIcon(code: string): string {
  // An icon whose ids are referred to (a mask, a gradient) keeps them.
  const keepIds = /url\(#|xlinkHref/.test(code);
  return code
    .replace(/\bd: "([^"]*)"/g, (whole, path: string) =>
      RELATIVE_COMMAND.test(path)
        ? whole
        : `d: "${path.replace(/(?<!\d)-?\d*\.\d+/g, (n, at: number) => {
            const rounded = String(Math.round(Number(n) * 10) / 10);
            // "4.04.3" is two numbers: "4" and ".3" need a space between them.
            return path[at + n.length] === '.' && !rounded.includes('.') ? `${rounded} ` : rounded;
          })}"`,
    )
    .replace(/\n[ \t]*id: "[^"]*",/g, (id) => (keepIds ? id : ''));
}

export function compactIconsPlugin(): Plugin {
  return {
    name: 'paichat:compact-icons',
    apply: 'build',
    transform(code, id) {
      return ICON_MODULE.test(id) ? { code: compactIcon(code), map: null } : null;
    },
  };
}
