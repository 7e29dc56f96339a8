import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MessageOutline, UserOutline } from 'antd-mobile-icons';
import { renderScreen } from '../test/render';
import { noticesKey } from '../api/queries/notices';
import { badgeText } from '../lib/badge';
import { ChatEngineProvider } from '../store/chat/hooks';
import { AMY, BEN, createWorld, deliver, onlineEngine, sendAs } from '../store/chat/testing/harness';
import { TabBar, type TabDef } from './TabBar';

const tabs: TabDef[] = [
  { url: '/t/1', label: 'tabs.message', Icon: MessageOutline, ActiveIcon: MessageOutline },
  { url: '/t/2', label: 'tabs.contact', Icon: UserOutline, ActiveIcon: UserOutline },
  { url: '/t/3', label: 'tabs.discover', Icon: UserOutline, ActiveIcon: UserOutline },
  { url: '/t/4', label: 'tabs.me', Icon: UserOutline, ActiveIcon: UserOutline },
];

describe('TabBar', () => {
  it('is a navigation landmark with the four tabs by name, the current one marked', () => {
    renderScreen(<TabBar tabs={tabs} />, { path: '/t/2' });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const buttons = within(nav).getAllByRole('button');
    expect(buttons.map((b) => b.getAttribute('aria-label'))).toEqual([
      'Message',
      'Contact',
      'Discover',
      'Me',
    ]);
    expect(within(nav).getByRole('button', { name: 'Contact' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('button', { name: 'Message' }).getAttribute('aria-current')).toBeNull();
  });

  it('switches tabs through switchTab, and not to the current one', async () => {
    const user = userEvent.setup();
    const { nav } = renderScreen(<TabBar tabs={tabs} />, { path: '/t/1' });
    await user.click(screen.getByRole('button', { name: 'Me' }));
    expect(nav.switchTab).toHaveBeenCalledWith('/t/4');
    await user.click(screen.getByRole('button', { name: 'Message' }));
    expect(nav.switchTab).toHaveBeenCalledTimes(1);
  });

  it('shows the unread count of the chats, described to assistive technology, and a dot when they are muted', async () => {
    const world = createWorld();
    for (const text of ['a', 'b', 'c']) await sendAs(world, BEN, AMY, text);
    const engine = await onlineEngine(world);
    deliver(world, engine);
    await engine.idle();
    renderScreen(
      <ChatEngineProvider engine={engine}>
        <TabBar tabs={tabs} />
      </ChatEngineProvider>,
      { path: '/t/1' },
    );
    const message = screen.getByRole('button', { name: 'Message' });
    expect(message.textContent).toContain('3');
    expect(screen.getByRole('button', { name: 'Message', description: '3 new' })).toBe(message);

    await act(async () => {
      await engine.setDisturb(world.ab, true);
      await engine.idle();
    });
    expect(screen.getByRole('button', { name: 'Message', description: 'New activity' })).toBe(message);
    expect(message.textContent).not.toContain('3');
    await engine.stop();
  });

  it('shows pending friend requests and replies to moments from the cached notices, and clears at 0', async () => {
    const { client } = renderScreen(<TabBar tabs={tabs} />, { path: '/t/1' });
    const notices = (requests: number, replies: number) => ({
      friendApply: { count: requests },
      topicReply: { count: replies },
      topicRed: { portrait: '', userId: '', nickName: '' },
    });
    act(() => client.setQueryData(noticesKey, notices(2, 5)));
    const contact = await screen.findByRole('button', { name: 'Contact', description: '2 new' });
    expect(screen.getByRole('button', { name: 'Discover', description: '5 new' })).toBeTruthy();

    act(() => client.setQueryData(noticesKey, notices(0, 5)));
    await waitFor(() => expect(contact.getAttribute('aria-describedby')).toBeNull());
    expect(contact.textContent).toBe('Contact');
  });

  it("shows a dot on Discover for a friend's post not yet seen, the count of replies before it, and nothing once seen", async () => {
    const { client } = renderScreen(<TabBar tabs={tabs} />, { path: '/t/1' });
    const amy = { portrait: '', userId: '7', nickName: 'Amy' };
    const notices = (replies: number, topicRed = amy) => ({
      friendApply: { count: 0 },
      topicReply: { count: replies },
      topicRed,
    });
    act(() => client.setQueryData(noticesKey, notices(0)));
    const discover = await screen.findByRole('button', { name: 'Discover', description: 'New activity' });
    expect(discover.textContent).not.toMatch(/\d/);

    act(() => client.setQueryData(noticesKey, notices(2)));
    await screen.findByRole('button', { name: 'Discover', description: '2 new' });

    act(() => client.setQueryData(noticesKey, notices(0, { portrait: '', userId: '', nickName: '' })));
    await waitFor(() => expect(discover.getAttribute('aria-describedby')).toBeNull());
  });

  it('caps the count text at 99+', () => {
    expect([
      badgeText(0),
      badgeText(-2),
      badgeText(7),
      badgeText(99),
      badgeText(100),
      badgeText('dot'),
    ]).toEqual(['', '', '7', '99', '99+', '']);
  });
});
