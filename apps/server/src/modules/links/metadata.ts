/**
 * What a web page says about itself, read with htmlparser2 (a tolerant, streaming HTML parser:
 * pages are rarely valid): its Open Graph tags, else its Twitter card tags, else its `<title>`
 * and `<meta name="description">`; and the character set it declares, so a page sent without
 * one in its Content-Type is decoded as it asks. Every value is cleaned and cut to what a card
 * shows; the picture's address is made absolute against the page's.
 */
import { LINK_DESCRIPTION_MAX, LINK_SITE_NAME_MAX, LINK_TITLE_MAX } from '@paichat/protocol';
import { Parser } from 'htmlparser2';

export interface PageMetadata {
  /** '' when the page names none. */
  title: string;
  description: string;
  /** '' when the page names none (the caller falls back to the host). */
  siteName: string;
  /** The picture's absolute http(s) address, or null. */
  image: string | null;
  /** The character set a `<meta>` declares, lower case, or null. */
  charset: string | null;
}

/** Line breaks, tabs and control characters become spaces. */
// Matching control characters is the point.
// eslint-disable-next-line no-control-regex
const SPACES = /[\s\x00-\x1f\x7f-\x9f]+/g;
/** Bidi overrides reorder what follows them; a lone surrogate is no character at all. */
const DROPPED = /[\u202a-\u202e\u2066-\u2069]|\p{Cs}/gu;

/** One line of at most `max` characters (an ellipsis ends a cut one). */
export function cleanLine(value: string, max: number): string {
  const line = value.replace(DROPPED, '').replace(SPACES, ' ').trim();
  const characters = Array.from(line);
  return characters.length <= max
    ? line
    : `${characters
        .slice(0, max - 1)
        .join('')
        .trimEnd()}…`;
}

/** The charset of `text/html; charset=gbk`, or of `<meta http-equiv content="…">`. */
export function charsetOf(contentType: string | undefined): string | null {
  for (const part of (contentType ?? '').split(';').slice(1)) {
    const [name, value] = part.split('=');
    if (name?.trim().toLowerCase() === 'charset' && value)
      return value.trim().replace(/^"|"$/g, '').toLowerCase() || null;
  }
  return null;
}

/** The first value of each `<meta>` key (`og:title`, `twitter:title`, `description`, …) and the first `<title>`. */
function collect(html: string): { metas: Map<string, string>; title: string; charset: string | null } {
  const metas = new Map<string, string>();
  let title = '';
  let inTitle = false;
  let titleSeen = false;
  let charset: string | null = null;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name === 'title' && !titleSeen) inTitle = true;
        if (name !== 'meta') return;
        if (attributes.charset) charset ??= attributes.charset.trim().toLowerCase();
        if (attributes['http-equiv']?.toLowerCase() === 'content-type')
          charset ??= charsetOf(attributes.content);
        // Open Graph says `property`, Twitter `name`; pages mix them up.
        const key = (attributes.property ?? attributes.name ?? '').trim().toLowerCase();
        const content = attributes.content?.trim();
        if (key && content && !metas.has(key)) metas.set(key, content);
      },
      ontext(text) {
        if (inTitle) title += text;
      },
      onclosetag(name) {
        if (name === 'title' && inTitle) {
          inTitle = false;
          titleSeen = true;
        }
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  return { metas, title, charset };
}

/** An absolute http(s) address for `src` as the page at `base` wrote it; null for anything else. */
function absoluteHttp(src: string | undefined, base: string): string | null {
  if (!src) return null;
  try {
    const url = new URL(src, base);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/** The card's metadata of the page at `pageUrl` whose HTML is `html`. */
export function readMetadata(html: string, pageUrl: string): PageMetadata {
  const { metas, title, charset } = collect(html);
  const first = (...keys: string[]) => keys.map((key) => metas.get(key)).find(Boolean) ?? '';
  return {
    title: cleanLine(first('og:title', 'twitter:title') || title, LINK_TITLE_MAX),
    description: cleanLine(
      first('og:description', 'twitter:description', 'description'),
      LINK_DESCRIPTION_MAX,
    ),
    siteName: cleanLine(first('og:site_name', 'application-name'), LINK_SITE_NAME_MAX),
    image: absoluteHttp(
      first('og:image:secure_url', 'og:image', 'og:image:url', 'twitter:image', 'twitter:image:src'),
      pageUrl,
    ),
    charset,
  };
}
