import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { HistoryContent, ServerMessage } from '@paichat/protocol';
import { resetRequest } from '../../api/request';
import { ChatLinksContext } from '../../components/chat/ChatLinks';
import { MessageBubble } from '../../components/chat/MessageBubble';
import { chatMessage } from '../../components/chat/testSupport';
import { fakeServer } from '../../test/fakeServer';
import { renderScreen } from '../../test/render';
import { ChatHistoryScreen } from './ChatHistoryScreen';

const history: HistoryContent = {
  title: 'Chat history of Amy and Ben',
  items: [
    {
      fromName: 'Amy',
      fromPortrait: '',
      msgType: 'TEXT',
      content: { text: 'Train at nine' },
      createTime: 1_000,
    },
    {
      fromName: 'Ben',
      fromPortrait: '',
      msgType: 'TEXT',
      content: { text: 'Platform four' },
      createTime: 2_000,
    },
    {
      fromName: 'Amy',
      fromPortrait: '',
      msgType: 'IMAGE',
      content: { url: '/file/0123456789abcdef0123456789abcdef.png', thumbUrl: '', width: 4, height: 3 },
      createTime: 3_000,
    },
    {
      fromName: 'Ben',
      fromPortrait: '',
      msgType: 'TEXT',
      content: { text: 'Fourth line' },
      createTime: 4_000,
    },
  ],
};

const stored: ServerMessage = {
  msgId: '88',
  chatId: '5',
  seq: 12,
  clientMsgId: '',
  fromId: '11',
  toId: '22',
  msgType: 'HISTORY',
  talkType: 'SINGLE',
  content: history,
  createTime: 5_000,
  isSelf: false,
  fromNickName: 'Amy',
  fromPortrait: '',
};

beforeEach(() => sessionStorage.clear());
afterEach(resetRequest);

describe('a "Chat history" card', () => {
  it('shows its title and first three lines, and opens its page', async () => {
    const message = chatMessage({
      id: 'h',
      chatId: '5',
      msgId: '88',
      seq: 12,
      msgType: 'HISTORY',
      content: history,
    });
    const { nav } = renderScreen(
      <ChatLinksContext value={{ download: '', addFriendDetail: '', chatHistory: '/history' }}>
        <MessageBubble message={message} onRetry={vi.fn()} />
      </ChatLinksContext>,
    );
    const card = screen.getByRole('button', { name: /Chat history of Amy and Ben/ });
    expect(card.textContent).toContain('Amy: Train at nine');
    expect(card.textContent).toContain('Ben: Platform four');
    expect(card.textContent).toContain('Amy: [Image]');
    expect(card.textContent).not.toContain('Fourth line');
    await userEvent.click(card);
    expect(nav.navigateTo).toHaveBeenCalledWith('/history?chatId=5&msgId=88&seq=12');
  });

  it('its page lists every message with its sender, read from the server', async () => {
    const server = fakeServer({
      syncMessages: () => ({ chatId: '5', list: [stored], lastSeq: 12, hasMore: false }),
    });
    renderScreen(<ChatHistoryScreen />, { path: '/history?chatId=5&msgId=88&seq=12' });
    expect(await screen.findByRole('heading', { name: 'Chat history of Amy and Ben' })).toBeTruthy();
    const list = screen.getByRole('list', { name: '4 messages' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => within(row).getByText(/^(Amy|Ben)$/).textContent)).toEqual([
      'Amy',
      'Ben',
      'Amy',
      'Ben',
    ]);
    expect(within(rows[1] as HTMLElement).getByText('Platform four')).toBeTruthy();
    expect(within(rows[2] as HTMLElement).getByRole('img', { name: 'Image' })).toBeTruthy();
    expect(server.called('syncMessages')[0]?.request).toMatchObject({ chatId: '5', afterSeq: 11, limit: 1 });
  });

  it('says so when the message is no longer the card (deleted for me, cleared)', async () => {
    fakeServer({
      syncMessages: () => ({
        chatId: '5',
        list: [{ ...stored, msgType: 'DELETED', content: {} }],
        lastSeq: 12,
        hasMore: false,
      }),
    });
    renderScreen(<ChatHistoryScreen />, { path: '/history?chatId=5&msgId=88&seq=12' });
    expect(await screen.findByText('This chat history is no longer available')).toBeTruthy();
  });
});
