import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { withQuery } from '../../lib/url';
import { renderScreen } from '../../test/render';
import { WebViewScreen } from './WebViewScreen';

const at = (params: Record<string, string>) => ({ path: withQuery('/pages/web-view/index', params) });

describe('WebViewScreen', () => {
  it('shows the title and frames an https page, sandboxed, with Open in browser', () => {
    renderScreen(<WebViewScreen />, at({ url: 'https://example.com/docs?x=1', title: 'The docs' }));
    expect(screen.getByRole('heading', { name: 'The docs' })).toBeTruthy();
    const frame = screen.getByTitle('The docs');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('src')).toBe('https://example.com/docs?x=1');
    expect(frame.getAttribute('referrerpolicy')).toBe('no-referrer');
    const sandbox = (frame.getAttribute('sandbox') ?? '').split(' ');
    expect(sandbox).toContain('allow-scripts');
    expect(sandbox).not.toContain('allow-same-origin');
    expect(sandbox).not.toContain('allow-top-navigation');

    const open = screen.getByRole('link', { name: 'Open in browser' });
    expect(open.getAttribute('href')).toBe('https://example.com/docs?x=1');
    expect(open.getAttribute('target')).toBe('_blank');
    expect(open.getAttribute('rel')).toContain('noopener');
    expect(screen.getByText(/Page blank\?/)).toBeTruthy();
  });

  it('is titled by the site when no title is given', () => {
    renderScreen(<WebViewScreen />, at({ url: 'http://example.org:8080/' }));
    expect(screen.getByRole('heading', { name: 'example.org:8080' })).toBeTruthy();
    expect(screen.getByTitle('example.org:8080').getAttribute('src')).toBe('http://example.org:8080/');
  });

  it.each([
    ['javascript:', { url: 'javascript:alert(1)', title: 'Click me' }],
    ['data:', { url: 'data:text/html,<script>alert(1)</script>' }],
    ['a relative address', { url: '/wx/tabbar1/index' }],
    ['a malformed address', { url: 'https://' }],
    ['no address', {}],
  ])('refuses %s with an error and a way back, framing nothing', async (_what, params) => {
    const { nav, container } = renderScreen(<WebViewScreen />, at(params));
    expect(screen.getByRole('heading', { name: 'This link cannot be opened' })).toBeTruthy();
    expect(
      screen.getByText('Only web addresses that start with http:// or https:// can be shown.'),
    ).toBeTruthy();
    expect(container.querySelector('iframe')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Open in browser' })).toBeNull();
    await userEvent.click(screen.getAllByRole('button', { name: 'Back' }).at(-1) as HTMLElement);
    expect(nav.navigateBack).toHaveBeenCalled();
  });
});
