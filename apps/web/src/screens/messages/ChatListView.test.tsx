import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

// antd-mobile's Popup keeps pointer-events off while it slides in.
const user = userEvent.setup({ pointerEventsCheck: 0 });
import { installReact19Render } from '../../components/ui';
import { renderScreen } from '../../test/render';
import type { ChatListEntry } from '../../store/chat/types';
import { saveDraft } from '../../lib/drafts';
import { installPointerCapture } from '../../components/chat/testSupport';
import { ChatListView, type ChatListActions } from './ChatListView';

const today = new Date();
today.setHours(14, 5, 0, 0);

const entry = (over: Partial<ChatListEntry>): ChatListEntry => ({
  chatId: '1',
  userId: '11',
  nickName: 'Amy',
  portrait: '',
  content: 'Hello there',
  time: today.getTime(),
  num: 0,
  windowType: 'SINGLE',
  disturb: 'N',
  top: 'N',
  userType: 'user',
  lastSeq: 1,
  readSeq: 1,
  ...over,
});

const actions = (): ChatListActions & { [K in keyof ChatListActions]: ReturnType<typeof vi.fn> } => ({
  setTop: vi.fn(() => Promise.resolve()),
  setDisturb: vi.fn(() => Promise.resolve()),
  remove: vi.fn(() => Promise.resolve()),
  refresh: vi.fn(() => Promise.resolve()),
});

function renderList(entries: ChatListEntry[], acts = actions()) {
  const result = renderScreen(
    <ChatListView
      entries={entries}
      actions={acts}
      chatUrl={(e) => `/wx/chatWindow/index?chatId=${e.chatId}&userId=${e.userId}`}
      locale="en"
    />,
  );
  return { ...result, acts };
}

beforeAll(() => {
  installReact19Render();
  installPointerCapture();
});
beforeEach(() => sessionStorage.clear());

describe('ChatListView', () => {
  it('shows "No chats yet" when there are none', () => {
    renderList([]);
    expect(screen.getByRole('heading', { name: 'No chats yet' })).toBeTruthy();
  });

  it('keeps the order it is given (pinned first) and marks pinned rows', () => {
    renderList([
      entry({ chatId: '3', nickName: 'Zed', top: 'Y' }),
      entry({ chatId: '1', nickName: 'Amy' }),
      entry({ chatId: '2', nickName: 'Ben' }),
    ]);
    const names = screen
      .getAllByRole('link')
      .map((link) => document.getElementById(link.getAttribute('aria-labelledby') ?? '')?.textContent);
    expect(names).toEqual(['Zed', 'Amy', 'Ben']);
    expect(screen.getByRole('link', { name: 'Zed' }).closest('li')?.dataset.pinned).toBe('true');
    expect(screen.getByRole('link', { name: 'Amy' }).closest('li')?.dataset.pinned).toBeUndefined();
  });

  it('names each row by the chat and describes its time, preview and unread count', () => {
    renderList([entry({ num: 3, content: '[Image]' })]);
    const row = screen.getByRole('link', { name: 'Amy' });
    expect(row.getAttribute('aria-describedby')).toBeTruthy();
    const description = document.getElementById(row.getAttribute('aria-describedby') ?? '')?.textContent;
    expect(description).toBe('14:05, [Image], 3 new');
    expect(within(row).getByText('3')).toBeTruthy();
    expect(within(row).getByText('[Image]')).toBeTruthy();
  });

  it('shows a dot (no number) and the muted icon for a muted chat with unread messages', () => {
    renderList([entry({ num: 'dot', disturb: 'Y' })]);
    const row = screen.getByRole('link', { name: 'Amy' });
    const description = document.getElementById(row.getAttribute('aria-describedby') ?? '')?.textContent;
    expect(description).toBe('14:05, Hello there, New activity, Muted');
    expect(row.querySelector('[class*="dot"]')).not.toBeNull();
    expect(row.querySelector('[class*="badge"]')).toBeNull();
  });

  it('marks a chat whose last own message failed to send', () => {
    renderList([entry({ lastSendtype: 'error', content: 'lost words' })]);
    const row = screen.getByRole('link', { name: 'Amy' });
    const description = document.getElementById(row.getAttribute('aria-describedby') ?? '')?.textContent;
    expect(description).toBe('14:05, Not sent, lost words');
  });

  it('caps a large count at 99+', () => {
    renderList([entry({ num: 250 })]);
    expect(within(screen.getByRole('link', { name: 'Amy' })).getByText('99+')).toBeTruthy();
  });

  it('shows an unsent draft instead of the last message', () => {
    saveDraft('1', 'half a thought');
    renderList([entry({})]);
    expect(within(screen.getByRole('link', { name: 'Amy' })).getByText('[Draft]')).toBeTruthy();
  });

  it('opens the chat window with chatId and userId', async () => {
    const { nav } = renderList([entry({})]);
    await userEvent.click(screen.getByRole('link', { name: 'Amy' }));
    expect(nav.navigateTo).toHaveBeenCalledWith('/wx/chatWindow/index?chatId=1&userId=11');
  });

  it('offers Pin, Mute and Delete after a long press, and runs the chosen one', async () => {
    vi.useFakeTimers();
    const { acts, nav } = renderList([entry({})]);
    const row = screen.getByRole('link', { name: 'Amy' });
    fireEvent.pointerDown(row, { pointerType: 'touch', clientX: 10, clientY: 10 });
    act(() => vi.advanceTimersByTime(350));
    fireEvent.pointerUp(row);
    fireEvent.click(row);
    vi.useRealTimers();
    expect(nav.navigateTo).not.toHaveBeenCalled();
    const sheet = await screen.findByRole('dialog', { name: 'Actions for Amy' });
    expect(
      within(sheet)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Pin', 'Mute', 'Delete', 'Cancel']);
    await user.click(within(sheet).getByRole('button', { name: 'Pin' }));
    expect(acts.setTop).toHaveBeenCalledWith('1', true);
  });

  it('offers Unpin and Unmute for a pinned, muted chat; Delete removes it', async () => {
    const { acts } = renderList([entry({ top: 'Y', disturb: 'Y' })]);
    fireEvent.contextMenu(screen.getByRole('link', { name: 'Amy' }));
    const sheet = await screen.findByRole('dialog', { name: 'Actions for Amy' });
    expect(within(sheet).getByRole('button', { name: 'Unpin' })).toBeTruthy();
    await user.click(within(sheet).getByRole('button', { name: 'Unmute' }));
    expect(acts.setDisturb).toHaveBeenCalledWith('1', false);
    fireEvent.contextMenu(screen.getByRole('link', { name: 'Amy' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Actions for Amy' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    expect(acts.remove).toHaveBeenCalledWith('1');
  });
});
