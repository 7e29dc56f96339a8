import { LINK_DESCRIPTION_MAX, LINK_TITLE_MAX } from '@paichat/protocol';
import { describe, expect, it } from 'vitest';
import { charsetOf, readMetadata } from './metadata';

const page = 'https://news.example/2026/story.html';

describe('a page read for its card', () => {
  it('takes the first of each tag, Open Graph before Twitter before the page’s own, with entities decoded', () => {
    const meta = readMetadata(
      `<head><title>Own &lt;title&gt;</title>
        <meta name="twitter:title" content="Twitter">
        <meta property="og:title" content="Open &quot;Graph&quot;">
        <meta property="og:title" content="A second one">
        <meta name="description" content="Own description">
        <meta property="og:image" content="../img/a.png"></head>`,
      page,
    );
    expect(meta).toEqual({
      title: 'Open "Graph"',
      description: 'Own description',
      siteName: '',
      image: 'https://news.example/img/a.png',
      charset: null,
    });
  });

  it('keeps one clean line, cut to what a card shows, and no picture that is not http(s)', () => {
    const long = 'word '.repeat(200);
    const meta = readMetadata(
      `<title>\u202eevil\u202c\n\tline</title><meta name="description" content="${long}">
       <meta property="og:image" content="javascript:alert(1)">`,
      page,
    );
    expect(meta.title).toBe('evil line');
    expect(Array.from(meta.description)).toHaveLength(LINK_DESCRIPTION_MAX);
    expect(meta.description.endsWith('…')).toBe(true);
    expect(meta.image).toBeNull();
    const title = readMetadata(`<title>${'t'.repeat(LINK_TITLE_MAX + 1)}</title>`, page).title;
    expect(Array.from(title)).toHaveLength(LINK_TITLE_MAX);
  });

  it('finds the character set a page declares, in its <meta> or its Content-Type', () => {
    expect(readMetadata('<meta charset="GBK"><title>x</title>', page).charset).toBe('gbk');
    expect(
      readMetadata('<meta http-equiv="Content-Type" content="text/html; charset=Shift_JIS">', page).charset,
    ).toBe('shift_jis');
    expect(charsetOf('text/html; charset="utf-8"')).toBe('utf-8');
    expect(charsetOf('text/html')).toBeNull();
  });
});
