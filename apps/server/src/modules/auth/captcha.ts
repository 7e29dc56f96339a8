import svgCaptcha from 'svg-captcha';

/** The code image's size: what the sign-in and sign-up fields show it at (3:1). */
export const CAPTCHA_WIDTH = 120;
export const CAPTCHA_HEIGHT = 40;

/**
 * svg-captcha sets the glyphs on a baseline below the middle, so at its default size they
 * overran the bottom of a 40-px image and were cut off. They are drawn smaller on a canvas
 * `DRAWN_EXTRA` px taller, and the image shows the band that holds them (`viewBox` moved down).
 */
const FONT_SIZE = 44;
const DRAWN_EXTRA = 8;
const SHOWN_FROM = 10;

/** A verification code: its answer and its SVG image. */
export function makeCaptcha(): { text: string; svg: string } {
  const drawnHeight = CAPTCHA_HEIGHT + DRAWN_EXTRA;
  const captcha = svgCaptcha.create({
    size: 4,
    noise: 2,
    ignoreChars: '0oO1iIlL',
    width: CAPTCHA_WIDTH,
    height: drawnHeight,
    fontSize: FONT_SIZE,
  });
  const drawn = `height="${drawnHeight}" viewBox="0,0,${CAPTCHA_WIDTH},${drawnHeight}"`;
  const shown = `height="${CAPTCHA_HEIGHT}" viewBox="0,${SHOWN_FROM},${CAPTCHA_WIDTH},${CAPTCHA_HEIGHT}"`;
  if (!captcha.data.includes(drawn)) throw new Error('svg-captcha drew an image of another shape');
  return { text: captcha.text, svg: captcha.data.replace(drawn, shown) };
}
