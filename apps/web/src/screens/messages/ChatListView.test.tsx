import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

// antd-mobile's Popup keeps pointer-events off while it slides in.
const user = userEvent.setup({ pointerEventsCheck: 0 });
import { installReact19Render } from '../../lib/ui';
import { renderScreen } from '../../test/render';
import { dialogClosed, dialogShowing, isRedButton } from '../../test/dialogs';
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

/**
 * Fake timeouts only (the long press): a faked requestAnimationFrame left unflushed would stall
 * antd-mobile's animations for the rest of the file, and a dialog would never finish closing.
 */
const useFakeTimeouts = () => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });

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
  // jsdom lays nothing out: the swipe buttons measure 216 px, as three of them do on a phone.
  vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get').mockImplementation(function (this: HTMLElement) {
    return this.className.includes('swipeActions') ? 216 : 0;
  });
});
beforeEach(() => sessionStorage.clear());

describe('ChatListView', () => {
  it('shows "No chats yet" when there are none', () => {
    renderList([]);
    expect(screen.getByRole('heading', { name: 'No chats yet' })).toBeTruthy();
  });

  it('shows grey rows, not "No chats yet", while the list is loading', () => {
    renderScreen(<ChatListView entries={[]} actions={actions()} chatUrl={() => ''} locale="en" loading />);
    expect(screen.getByRole('status', { name: 'Loading…' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'No chats yet' })).toBeNull();
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

  it('puts a red "[You were mentioned]" before the preview of a group that mentions the user, muted or not', () => {
    renderList([
      entry({ windowType: 'GROUP', num: 2, disturb: 'Y', mentioned: true, content: 'Ben: @Amy map?' }),
    ]);
    const row = screen.getByRole('link', { name: 'Amy' });
    const description = document.getElementById(row.getAttribute('aria-describedby') ?? '')?.textContent;
    expect(description).toBe('14:05, [You were mentioned], Ben: @Amy map?, 2 new, Muted');
    expect(within(row).getByText('[You were mentioned]').className).toMatch(/mentioned/);
    expect(within(row).getByText('2')).toBeTruthy();
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
    useFakeTimeouts();
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

  it('offers Unpin and Unmute for a pinned, muted chat', async () => {
    const { acts } = renderList([entry({ top: 'Y', disturb: 'Y' })]);
    fireEvent.contextMenu(screen.getByRole('link', { name: 'Amy' }));
    const sheet = await screen.findByRole('dialog', { name: 'Actions for Amy' });
    expect(within(sheet).getByRole('button', { name: 'Unpin' })).toBeTruthy();
    await user.click(within(sheet).getByRole('button', { name: 'Unmute' }));
    expect(acts.setDisturb).toHaveBeenCalledWith('1', false);
  });

  it('asks "Delete Amy?" before Delete removes the chat; Cancel keeps it', async () => {
    const { acts } = renderList([entry({})]);
    const chooseDelete = async () => {
      fireEvent.contextMenu(screen.getByRole('link', { name: 'Amy' }));
      const sheet = await screen.findByRole('dialog', { name: 'Actions for Amy' });
      await user.click(within(sheet).getByRole('button', { name: 'Delete' }));
      return dialogShowing('Delete Amy?');
    };

    const first = await chooseDelete();
    expect(first.textContent).toContain('its messages are kept');
    await user.click(within(first).getByRole('button', { name: 'Cancel' }));
    await dialogClosed('Delete Amy?');
    expect(acts.remove).not.toHaveBeenCalled();
    expect(screen.getByRole('link', { name: 'Amy' })).toBeTruthy();

    await user.click(within(await chooseDelete()).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(acts.remove).toHaveBeenCalledWith('1'));
    await dialogClosed('Delete Amy?');
  });

  describe('swiping a row', () => {
    const touch = (x: number, y = 40) => ({
      pointerId: 7,
      pointerType: 'touch',
      clientX: x,
      clientY: y,
      button: 0,
    });
    /** A finger dragged across the row from x = 300 to `to`, in steps, and lifted. */
    function swipe(row: Element, to: number) {
      fireEvent.pointerDown(row, touch(300));
      for (const x of [290, 280, (280 + to) / 2, to]) fireEvent.pointerMove(row, touch(x));
      fireEvent.pointerUp(row, touch(to));
      fireEvent.click(row);
    }
    const swipeButtons = (row: Element) => [
      ...(row.closest('li')?.querySelectorAll('li > div button') ?? []),
    ];

    it('keeps its buttons out of the accessibility tree and the tab order until it is swiped open', async () => {
      renderList([entry({})]);
      const row = screen.getByRole('link', { name: 'Amy' });
      expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
      expect(swipeButtons(row).map((b) => [b.textContent, b.getAttribute('tabindex')])).toEqual([
        ['Pin', '-1'],
        ['Mute', '-1'],
        ['Delete', '-1'],
      ]);
      // The accessible path is the sheet, with one Delete.
      fireEvent.contextMenu(row);
      await screen.findByRole('dialog', { name: 'Actions for Amy' });
      expect(screen.getAllByRole('button', { name: 'Delete' })).toHaveLength(1);
    });

    it('reveals Pin, Mute and Delete past half their width; one runs its command and closes the row', async () => {
      const { acts, nav } = renderList([entry({}), entry({ chatId: '2', userId: '22', nickName: 'Ben' })]);
      const row = screen.getByRole('link', { name: 'Amy' });
      swipe(row, 200); // 100 px of 216: snaps back
      expect(row.style.transform).toBe('');
      swipe(row, 150);
      expect(row.style.transform).toBe('translateX(-216px)');
      expect(nav.navigateTo).not.toHaveBeenCalled();
      expect(screen.queryByRole('dialog')).toBeNull();
      const revealed = screen.getAllByRole('button').map((b) => b.textContent);
      expect(revealed).toEqual(['Pin', 'Mute', 'Delete']);

      await user.click(screen.getByRole('button', { name: 'Pin' }));
      expect(acts.setTop).toHaveBeenCalledWith('1', true);
      expect(row.style.transform).toBe('');
      expect(screen.queryByRole('button', { name: 'Pin' })).toBeNull();
      expect(nav.navigateTo).not.toHaveBeenCalled();
    });

    it('labels the buttons by the chat state and deletes with the danger button, once confirmed', async () => {
      const { acts } = renderList([entry({ top: 'Y', disturb: 'Y' })]);
      swipe(screen.getByRole('link', { name: 'Amy' }), 100);
      expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['Unpin', 'Unmute', 'Delete']);
      await user.click(screen.getByRole('button', { name: 'Delete' }));
      expect(acts.remove).not.toHaveBeenCalled();
      const confirm = await dialogShowing('Delete Amy?');
      expect([isRedButton(confirm, 'Delete'), isRedButton(confirm, 'Cancel')]).toEqual([true, false]);
      await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
      await waitFor(() => expect(acts.remove).toHaveBeenCalledWith('1'));
      await dialogClosed('Delete Amy?');
    });

    it('closes on a tap on the open row or another row, which does not open a chat', () => {
      const { nav } = renderList([entry({}), entry({ chatId: '2', userId: '22', nickName: 'Ben' })]);
      const amy = screen.getByRole('link', { name: 'Amy' });
      const ben = screen.getByRole('link', { name: 'Ben' });
      const tap = (row: Element) => {
        fireEvent.pointerDown(row, touch(300));
        fireEvent.pointerUp(row, touch(300));
        fireEvent.click(row);
      };
      swipe(amy, 100);
      tap(amy);
      expect(amy.style.transform).toBe('');
      swipe(amy, 100);
      swipe(ben, 100); // one row open at a time
      expect(amy.style.transform).toBe('');
      expect(ben.style.transform).toBe('translateX(-216px)');
      tap(amy);
      expect(ben.style.transform).toBe('');
      expect(nav.navigateTo).not.toHaveBeenCalled();
      tap(amy);
      expect(nav.navigateTo).toHaveBeenCalledWith('/wx/chatWindow/index?chatId=1&userId=11');
    });

    it('never raises the long-press sheet, however long the finger stays down', () => {
      useFakeTimeouts();
      const { nav } = renderList([entry({})]);
      const row = screen.getByRole('link', { name: 'Amy' });
      fireEvent.pointerDown(row, touch(300));
      act(() => vi.advanceTimersByTime(100));
      fireEvent.pointerMove(row, touch(280));
      act(() => vi.advanceTimersByTime(1000));
      fireEvent.pointerMove(row, touch(100));
      fireEvent.pointerUp(row, touch(100));
      fireEvent.click(row);
      act(() => vi.advanceTimersByTime(1000));
      vi.useRealTimers();
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(nav.navigateTo).not.toHaveBeenCalled();
      expect(row.style.transform).toBe('translateX(-216px)');
    });

    it('mirrors in a right-to-left locale: a swipe to the right opens', () => {
      document.documentElement.setAttribute('dir', 'rtl');
      try {
        renderList([entry({})]);
        const row = screen.getByRole('link', { name: 'Amy' });
        swipe(row, 100);
        expect(row.style.transform).toBe('');
        fireEvent.pointerDown(row, touch(100));
        fireEvent.pointerMove(row, touch(150));
        fireEvent.pointerMove(row, touch(300));
        fireEvent.pointerUp(row, touch(300));
        expect(row.style.transform).toBe('translateX(216px)');
      } finally {
        document.documentElement.removeAttribute('dir');
      }
    });
  });
});
