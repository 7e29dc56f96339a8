import { describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Notices } from '@paichat/protocol';
import { noticesKey } from '../../api/queries/notices';
import { renderScreen } from '../../test/render';
import { DiscoverScreen } from './DiscoverScreen';

const urls = { momentsUrl: '/moments', shakeUrl: '/shake', nearbyUrl: '/nearby' };
const notices = (count: number, portrait: string): Notices => ({
  friendApply: { count: 0 },
  topicReply: { count },
  topicRed: { portrait },
});

describe('DiscoverScreen', () => {
  it('opens Moments, Shake and People Nearby', async () => {
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
    const { client } = renderScreen(<DiscoverScreen {...urls} />);
    const moments = screen.getByRole('button', { name: 'Moments' });
    expect(moments.getAttribute('aria-describedby')).toBeNull();

    act(() => client.setQueryData(noticesKey, notices(0, '/file/0123456789abcdef0123456789abcdef.png')));
    expect(
      await screen.findByRole('button', { name: 'Moments', description: 'New posts from friends' }),
    ).toBe(moments);
    expect(moments.querySelector('img')?.getAttribute('src')).toBe(
      '/file/0123456789abcdef0123456789abcdef.png',
    );

    act(() => client.setQueryData(noticesKey, notices(3, '/file/0123456789abcdef0123456789abcdef.png')));
    expect(await screen.findByRole('button', { name: 'Moments', description: '3 new' })).toBe(moments);
    expect(moments.textContent).toContain('3');

    act(() => client.setQueryData(noticesKey, notices(0, '')));
    await waitFor(() => expect(moments.getAttribute('aria-describedby')).toBeNull());
  });
});
