import { afterEach, describe, expect, it } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MessageOutline, UserOutline } from 'antd-mobile-icons';
import { renderScreen } from '../test/render';
import { BadgeTab, badgeText, useBadges } from '../store/badges';
import { TabBar, type TabDef } from './TabBar';

const tabs: TabDef[] = [
  { url: '/t/1', label: 'tabs.message', Icon: MessageOutline, ActiveIcon: MessageOutline },
  { url: '/t/2', label: 'tabs.contact', Icon: UserOutline, ActiveIcon: UserOutline },
  { url: '/t/3', label: 'tabs.discover', Icon: UserOutline, ActiveIcon: UserOutline },
  { url: '/t/4', label: 'tabs.me', Icon: UserOutline, ActiveIcon: UserOutline },
];

afterEach(() => useBadges.getState().clearAll());

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

  it('shows a count or a dot, described to assistive technology, and clears at 0', () => {
    renderScreen(<TabBar tabs={tabs} />, { path: '/t/1' });
    act(() => {
      useBadges.getState().setBadge(BadgeTab.chats, 3);
      useBadges.getState().setBadge(BadgeTab.momentsReplies, 'dot');
    });
    const message = screen.getByRole('button', { name: 'Message' });
    expect(message.textContent).toContain('3');
    expect(message.getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Message', description: '3 new' })).toBe(message);
    expect(screen.getByRole('button', { name: 'Discover', description: 'New activity' })).toBeTruthy();

    act(() => useBadges.getState().setBadge(BadgeTab.chats, 0));
    expect(message.getAttribute('aria-describedby')).toBeNull();
    expect(message.textContent).toBe('Message');
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
