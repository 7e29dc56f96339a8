import { describe, expect, it } from 'vitest';
import { splitLinks } from './links';

const links = (text: string) => splitLinks(text).filter((part) => part.href);

describe('splitLinks', () => {
  it('cuts a text into plain runs and http(s) links, keeping every character', () => {
    const text = 'See https://example.com/a?b=1&c=2#top and http://127.0.0.1:8080/x. Bye';
    const parts = splitLinks(text);
    expect(parts).toEqual([
      { text: 'See ' },
      { text: 'https://example.com/a?b=1&c=2#top', href: 'https://example.com/a?b=1&c=2#top' },
      { text: ' and ' },
      { text: 'http://127.0.0.1:8080/x', href: 'http://127.0.0.1:8080/x' },
      { text: '. Bye' },
    ]);
    expect(parts.map((part) => part.text).join('')).toBe(text);
  });

  it('opens a bare www. address over https', () => {
    expect(links('go to www.example.org/docs!')).toEqual([
      { text: 'www.example.org/docs', href: 'https://www.example.org/docs' },
    ]);
  });

  it('leaves sentence punctuation and brackets it did not open outside the link', () => {
    expect(links('(see https://example.com/page), then https://en.wikipedia.org/wiki/Foo_(bar).')).toEqual([
      { text: 'https://example.com/page', href: 'https://example.com/page' },
      { text: 'https://en.wikipedia.org/wiki/Foo_(bar)', href: 'https://en.wikipedia.org/wiki/Foo_(bar)' },
    ]);
  });

  it('ends an address at CJK text and full-width punctuation', () => {
    expect(splitLinks('看https://example.com/x，好吗')).toEqual([
      { text: '看' },
      { text: 'https://example.com/x', href: 'https://example.com/x' },
      { text: '，好吗' },
    ]);
  });

  it('links nothing but http and https, and nothing that reads as another site', () => {
    for (const text of [
      'javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'ftp://files.example.com/a',
      'xhttps://example.com',
      'mail me at me@www.example.com',
      'https://bank.example@evil.example/login',
      'https:// nothing',
      'just text',
    ])
      expect(links(text), text).toEqual([]);
  });
});
