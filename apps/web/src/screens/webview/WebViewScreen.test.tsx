import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { withQuery } from '../../lib/url';
import { renderScreen } from '../../test/render';
import { WebViewScreen } from './WebViewScreen';

const pathOf = (params: Record<string, string>) => withQuery('/pages/web-view/index', params);
/** Opened from a page of the app (a link in a chat, say). */
const inApp = (params: Record<string, string>) => ({ path: pathOf(params), from: '/wx/tabbar1/index' });
/** A link from outside landed straight on the web view: the app opened on it. */
const fromOutside = (params: Record<string, string>) => ({ path: pathOf(params) });

const openInBrowser = () => screen.getByRole('link', { name: 'Open in browser' });

describe('WebViewScreen', () => {
  it('titles the page by its real host, never by the title the link chose, and frames it sandboxed', () => {
    renderScreen(
      <WebViewScreen />,
      inApp({ url: 'https://paichat-login.example.com/docs?x=1', title: 'PaiChat – Sign in again' }),
    );
    // The title bar, the page's heading, is the host; nothing else is a heading.
    expect(screen.getAllByRole('heading').map((h) => h.textContent)).toEqual(['paichat-login.example.com']);
    // The link's title is only a secondary line, marked as the link's words.
    expect(screen.getByText('Named by the link:').textContent).toBe(
      'Named by the link: PaiChat – Sign in again',
    );
    const frame = screen.getByTitle('paichat-login.example.com');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('src')).toBe('https://paichat-login.example.com/docs?x=1');
    expect(frame.getAttribute('referrerpolicy')).toBe('no-referrer');
    const sandbox = (frame.getAttribute('sandbox') ?? '').split(' ');
    expect(sandbox).toContain('allow-scripts');
    expect(sandbox).not.toContain('allow-same-origin');
    expect(sandbox).not.toContain('allow-top-navigation');

    expect(openInBrowser().getAttribute('href')).toBe('https://paichat-login.example.com/docs?x=1');
    expect(openInBrowser().getAttribute('target')).toBe('_blank');
    expect(openInBrowser().getAttribute('rel')).toContain('noopener');
    expect(screen.getByText(/Page blank\?/)).toBeTruthy();
  });

  it('shows a look-alike name as the host it really is (punycode), with its port', () => {
    renderScreen(<WebViewScreen />, inApp({ url: 'http://pаichat.example:8080/' }));
    expect(screen.getByRole('heading', { name: 'xn--pichat-3nf.example:8080' })).toBeTruthy();
    expect(screen.getByTitle('xn--pichat-3nf.example:8080').getAttribute('src')).toBe(
      'http://xn--pichat-3nf.example:8080/',
    );
  });

  it('from outside the app, first shows where the link leads, with Open and Open in browser', async () => {
    const { container } = renderScreen(
      <WebViewScreen />,
      fromOutside({ url: 'https://evil.example/login', title: 'PaiChat' }),
    );
    expect(container.querySelector('iframe')).toBeNull();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('evil.example');
    const leaving = screen.getByRole('region', { name: 'This link leads to another site' });
    expect(within(leaving).getByText('evil.example')).toBeTruthy();
    expect(within(leaving).getByText('https://evil.example/login')).toBeTruthy();
    expect(within(leaving).getByText(/never enter your PaiChat password/)).toBeTruthy();
    expect(openInBrowser().getAttribute('href')).toBe('https://evil.example/login');

    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(screen.queryByRole('region', { name: 'This link leads to another site' })).toBeNull();
    expect(screen.getByTitle('evil.example').getAttribute('src')).toBe('https://evil.example/login');
    expect(openInBrowser().getAttribute('href')).toBe('https://evil.example/login');
  });

  it.each([
    ['javascript:', { url: 'javascript:alert(1)', title: 'Click me' }],
    ['data:', { url: 'data:text/html,<script>alert(1)</script>' }],
    ['a relative address', { url: '/wx/tabbar1/index' }],
    ['a malformed address', { url: 'https://' }],
    ['no address', {}],
  ])('refuses %s with an error and a way back, framing nothing', async (_what, params) => {
    const { nav, container } = renderScreen(<WebViewScreen />, fromOutside(params));
    // Under the app's own title, never the link's.
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Web Page');
    expect(screen.getByRole('heading', { name: 'This link cannot be opened' })).toBeTruthy();
    expect(
      screen.getByText('Only web addresses that start with http:// or https:// can be shown.'),
    ).toBeTruthy();
    expect(container.querySelector('iframe')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Open in browser' })).toBeNull();
    await userEvent.click(screen.getAllByRole('button', { name: 'Back' }).at(-1) as HTMLElement);
    expect(nav.navigateBack).toHaveBeenCalled();
  });

  it.each([
    ['the app itself', `${window.location.origin}/#/wx/personDetail/editPass`],
    ['the app on another port or scheme', `https://${window.location.hostname}:9/#/wx/login/index`],
  ])('refuses %s, never framed under its own bar, and still offers Open in browser', (_what, url) => {
    const { container } = renderScreen(<WebViewScreen />, inApp({ url, title: 'Set Password' }));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Web Page');
    expect(screen.getByRole('heading', { name: 'This link leads back into PaiChat' })).toBeTruthy();
    expect(container.querySelector('iframe')).toBeNull();
    expect(screen.queryByText('Set Password')).toBeNull();
    // The address still opens in a tab of its own.
    expect(openInBrowser().getAttribute('href')).toBe(new URL(url).href);
    expect(openInBrowser().getAttribute('target')).toBe('_blank');
    expect(openInBrowser().getAttribute('rel')).toBe('noopener noreferrer');
  });
});
