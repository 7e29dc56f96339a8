import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Notices } from '@paichat/protocol';
import { noticesKey } from '../../api/queries/notices';
import { installReact19Render } from '../../lib/ui';
import { renderScreen } from '../../test/render';
import { DiscoverScreen } from './DiscoverScreen';
import { PI_DIALOG_SEEN_KEY } from '../../lib/environment';

const urls = { momentsUrl: '/moments', shakeUrl: '/shake', nearbyUrl: '/nearby' };
const nobody = { portrait: '', userId: '', nickName: '' };
const amy = { portrait: '/file/0123456789abcdef0123456789abcdef.png', userId: '7', nickName: 'Amy' };
const notices = (count: number, author = nobody): Notices => ({
  friendApply: { count: 0 },
  topicReply: { count },
  topicRed: author,
});

/** This browser has answered the Pi Browser dialog before (the screen tests' usual state). */
const dialogAnswered = () => localStorage.setItem(PI_DIALOG_SEEN_KEY, '1');

beforeAll(() => installReact19Render());
afterEach(() => localStorage.clear());

describe('DiscoverScreen', () => {
  it('opens Moments, Shake and People Nearby', async () => {
    dialogAnswered();
    const { nav } = renderScreen(<DiscoverScreen {...urls} />);
    for (const [name, url] of [
      ['Moments', '/moments'],
      ['Shake', '/shake'],
      ['People Nearby', '/nearby'],
    ]) {
      await userEvent.click(screen.getByRole('button', { name }));
      expect(nav.navigateTo).toHaveBeenLastCalledWith(url);
    }
  });

  it('shows unread likes and comments on Moments as a count, else the newest unseen friend post', async () => {
    dialogAnswered();
    const { client } = renderScreen(<DiscoverScreen {...urls} />);
    const moments = screen.getByRole('button', { name: 'Moments' });
    expect(moments.getAttribute('aria-describedby')).toBeNull();

    act(() => client.setQueryData(noticesKey, notices(0, amy)));
    expect(
      await screen.findByRole('button', { name: 'Moments', description: 'New posts from friends' }),
    ).toBe(moments);
    expect(moments.querySelector('img')?.getAttribute('src')).toBe(amy.portrait);

    act(() => client.setQueryData(noticesKey, notices(3, amy)));
    expect(await screen.findByRole('button', { name: 'Moments', description: '3 new' })).toBe(moments);
    expect(moments.textContent).toContain('3');

    act(() => client.setQueryData(noticesKey, notices(0)));
    await waitFor(() => expect(moments.getAttribute('aria-describedby')).toBeNull());
  });

  it("shows a new post by a friend without a photo too, with the friend's initial", async () => {
    dialogAnswered();
    const { client } = renderScreen(<DiscoverScreen {...urls} />);
    act(() => client.setQueryData(noticesKey, notices(0, { ...amy, portrait: '' })));
    const moments = await screen.findByRole('button', {
      name: 'Moments',
      description: 'New posts from friends',
    });
    expect(moments.textContent).toContain('A');
  });

  it('says which features PaiChat does not have when they are tapped', async () => {
    dialogAnswered();
    const { nav } = renderScreen(<DiscoverScreen {...urls} />);
    const unavailable = screen.getByRole('list', { name: 'Not available' });
    expect(unavailable.querySelectorAll('button')).toHaveLength(10);
    await userEvent.click(screen.getByRole('button', { name: 'Wallet' }));
    expect(await screen.findByText('Wallet is not available in PaiChat')).toBeTruthy();
    expect(nav.navigateTo).not.toHaveBeenCalled();
  });

  it('marks the unavailable features at a glance: greyed, tagged "Not available", without a chevron', async () => {
    dialogAnswered();
    renderScreen(<DiscoverScreen {...urls} />);
    const unavailable = within(screen.getByRole('list', { name: 'Not available' })).getAllByRole('button');
    expect(unavailable).toHaveLength(10);
    for (const row of unavailable) {
      expect(row.getAttribute('aria-disabled')).toBe('true');
      expect(row.textContent).toContain('Not available');
      expect(row.querySelectorAll('svg')).toHaveLength(1); // its icon, no chevron
    }
    expect(screen.getByRole('button', { name: 'Wallet', description: 'Not available' })).toBeTruthy();

    // The features PaiChat has look as before: a chevron, no tag.
    const shake = screen.getByRole('button', { name: 'Shake' });
    expect(shake.getAttribute('aria-disabled')).toBeNull();
    expect(shake.textContent).not.toContain('Not available');
    expect(shake.querySelectorAll('svg')).toHaveLength(2);
  });

  it('recommends the Pi Browser once outside it, and copies the link when asked', async () => {
    const user = userEvent.setup();
    const first = renderScreen(<DiscoverScreen {...urls} />);
    expect(await screen.findByText('Open PaiChat in the Pi Browser')).toBeTruthy();
    for (const choice of ['Use Pi Browser', 'Download Pi Browser', 'Continue anyway']) {
      expect(screen.getByRole('button', { name: choice })).toBeTruthy();
    }
    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(await navigator.clipboard.readText()).toBe(window.location.href);
    expect(await screen.findByText('Content copied')).toBeTruthy();
    first.unmount();

    // Answered once, it is not asked again.
    renderScreen(<DiscoverScreen {...urls} />);
    await screen.findByRole('button', { name: 'Moments' });
    expect(screen.queryByText('Open PaiChat in the Pi Browser')).toBeNull();
  });

  it('does not recommend the Pi Browser inside it', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(
      'Mozilla/5.0 (Linux; Android 13) PiBrowser/1.7.0',
    );
    renderScreen(<DiscoverScreen {...urls} />);
    await screen.findByRole('button', { name: 'Moments' });
    expect(screen.queryByText('Open PaiChat in the Pi Browser')).toBeNull();
    vi.restoreAllMocks();
  });
});
