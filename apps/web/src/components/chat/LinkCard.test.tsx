import { beforeAll, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import type { LinkCard } from '@paichat/protocol';
import { installReact19Render } from '../../lib/ui';
import { renderScreen } from '../../test/render';
import { MessageBubble } from './MessageBubble';
import { chatMessage } from './testSupport';

beforeAll(() => installReact19Render());

const card = (over: Partial<LinkCard> = {}): LinkCard => ({
  url: 'https://birds.example/herons',
  title: 'Herons of the delta',
  description: 'A field guide to the wading birds.',
  siteName: 'Birding Weekly',
  image: { url: `/file/${'a'.repeat(32)}.thumb.webp`, width: 240, height: 120 },
  ...over,
});

const renderText = (content: Record<string, unknown>) =>
  renderScreen(<MessageBubble message={chatMessage({ content })} onRetry={vi.fn()} />);

describe("a text's link card", () => {
  it('shows the picture, title, description and site under the text; it opens the page in a new tab', () => {
    const { container } = renderText({ text: 'look https://birds.example/herons', link: card() });
    const link = screen.getByRole('link', { name: /Herons of the delta/ });
    expect(link.getAttribute('href')).toBe('https://birds.example/herons');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(link.textContent).toContain('A field guide to the wading birds.');
    expect(link.textContent).toContain('Birding Weekly');
    // The picture is our stored copy, never the site's.
    expect(container.querySelector('img')?.getAttribute('src')).toBe(`/file/${'a'.repeat(32)}.thumb.webp`);
  });

  it('draws no card while the text is still sending (it holds only the address) or for an address that is no web page', () => {
    renderText({ text: 'look https://birds.example/x', link: { url: 'https://birds.example/x' } });
    renderText({ text: 'evil', link: card({ url: 'javascript:alert(1)', title: 'Evil card' }) });
    expect(screen.queryByRole('link', { name: /Evil card/ })).toBeNull();
    expect(screen.queryByText('Evil card')).toBeNull();
    expect(screen.getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual([
      'https://birds.example/x',
    ]);
  });
});
