import { describe, expect, it } from 'vitest';
import { CAPTCHA_HEIGHT, CAPTCHA_WIDTH, makeCaptcha } from './captcha';

/** The y coordinates of the code's glyphs (filled paths; the noise lines are strokes). */
function glyphYs(svg: string): number[] {
  // "M65.84 21.86L65.78 21.79Q…": after each command letter, x y pairs.
  return [...svg.matchAll(/<path fill="[^"]+" d="([^"]+)"/g)].flatMap((path) =>
    (path[1] ?? '')
      .split(/[A-Za-z]/)
      .flatMap((segment) => segment.trim().split(' ').filter(Boolean))
      .filter((_, i) => i % 2 === 1)
      .map(Number),
  );
}

describe('makeCaptcha', () => {
  it('draws the whole code inside the image: no glyph is cut off at the bottom or the top', () => {
    for (let i = 0; i < 300; i += 1) {
      const { text, svg } = makeCaptcha();
      expect(text).toMatch(/^[A-Za-z0-9]{4}$/);
      const viewBox = /viewBox="([-\d.]+),([-\d.]+),([-\d.]+),([-\d.]+)"/.exec(svg)?.slice(1).map(Number);
      expect(viewBox?.slice(2)).toEqual([CAPTCHA_WIDTH, CAPTCHA_HEIGHT]);
      const [, top = 0, , height = 0] = viewBox ?? [];
      const ys = glyphYs(svg);
      expect(ys.length).toBeGreaterThan(0);
      expect(Math.min(...ys)).toBeGreaterThanOrEqual(top);
      expect(Math.max(...ys)).toBeLessThanOrEqual(top + height);
    }
  });
});
