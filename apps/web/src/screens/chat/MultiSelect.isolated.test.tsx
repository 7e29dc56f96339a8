import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { VirtuosoMockContext } from 'react-virtuoso';
import type { ChatSession, SendMsgResult } from '@paichat/protocol';
import { resetRequest } from '../../api/request';
import { chatMessage, installPointerCapture } from '../../components/chat/testSupport';
import { installReact19Render } from '../../lib/ui';
import type { ChatEngine } from '../../store/chat/engine';
import { ChatEngineProvider } from '../../store/chat/hooks';
import type { LocalMessage } from '../../store/chat/types';
import { fakeServer } from '../../test/fakeServer';
import { me } from '../../test/people';
import { renderScreen } from '../../test/render';
import { ChatWindowView } from './ChatWindowView';

vi.mock('react-virtuoso', () => import('../../components/chat/testSupport').then((m) => m.virtuosoFromTop()));

const user = userEvent.setup({ pointerEventsCheck: 0 });

const stored = (seq: number, text: string, over: Partial<LocalMessage> = {}) =>
  chatMessage({ id: `m${seq}`, chatId: '5', msgId: `${100 + seq}`, seq, content: { text }, ...over });

const messages = [
  stored(1, 'Train leaves at nine', { type: 2, nickName: 'Ada Lovelace' }),
  stored(2, 'Platform four'),
  stored(3, 'See you there'),
];

const ben = {
  userId: '7',
  nickName: 'Ben',
  portrait: '',
  userType: 'normal',
  chatNo: '',
  remark: '',
  tags: [],
  isBlocked: false,
};

/** Ben's chat, as /chat/getChatSession opens it. */
const bensChat: ChatSession = {
  chatId: '70',
  chatType: 'SINGLE',
  lastSeq: 1,
  readSeq: 1,
  clearedSeq: 0,
  unreadCount: 0,
  isTop: 'N',
  isDisturb: 'N',
  removed: false,
  userId: '7',
  nickName: 'Ben',
  portrait: '',
  userType: 'normal',
  lastContent: '',
  lastTime: 1,
  lastMsg: null,
};

const ok = (msgId: string): SendMsgResult => ({
  status: '0',
  statusLabel: '',
  statusCode: 'ok',
  msgId,
  seq: 9,
  chatId: '70',
  clientMsgId: 'x',
  createTime: 1,
  duplicate: false,
});

/** The chat window with Amy, over an engine that only deletes (its list is empty). */
function renderWindow() {
  const deleteForMe = vi.fn(() => Promise.resolve());
  const engine = {
    subscribe: () => () => undefined,
    getSnapshot: () => null,
    deleteForMe,
  } as unknown as ChatEngine;
  renderScreen(
    <ChatEngineProvider engine={engine}>
      <VirtuosoMockContext value={{ viewportHeight: 2000, itemHeight: 60 }}>
        <ChatWindowView
          chatId="5"
          title="Amy"
          state={{ messages, hasOlder: false, loadingOlder: false }}
          commands={{ send: vi.fn(), retry: vi.fn(), loadOlder: vi.fn() }}
          onBack={vi.fn()}
        />
      </VirtuosoMockContext>
    </ChatEngineProvider>,
  );
  return { deleteForMe };
}

async function hold(text: string, action: string) {
  fireEvent.contextMenu(within(screen.getByRole('log')).getByText(text));
  await user.click(await screen.findByRole('button', { name: action }));
}

beforeAll(() => {
  installReact19Render();
  installPointerCapture();
});
afterEach(() => resetRequest());

describe('multi-select and forward', () => {
  it('"Multi-select" selects messages with labelled checkboxes; the bar forwards them as one "Chat history" card', async () => {
    const server = fakeServer({
      getMyInfo: () => me,
      listFriends: () => ({ list: [ben] }),
      listSavedGroups: () => ({ list: [] }),
      getChatSession: () => bensChat,
      forwardMsgs: (request) => ({
        targets: request.targets.map(({ chatId }) => ({ chatId, sends: [ok('900'), ok('901')] })),
      }),
    });
    renderWindow();
    await hold('See you there', 'Multi-select');
    const bar = await screen.findByRole('toolbar', { name: 'Actions for the selected messages' });
    expect(within(bar).getByRole('status').textContent).toBe('1 selected');
    // The composer gives way to the bar.
    expect(screen.queryByRole('textbox', { name: 'Message' })).toBeNull();

    const boxes = within(screen.getByRole('log')).getAllByRole('checkbox');
    expect(boxes.map((box) => box.getAttribute('aria-label'))).toEqual([
      'Select message from Ada Lovelace',
      'Select message from Amy',
      'Select message from Amy',
    ]);
    await user.click(boxes[0] as HTMLElement);
    expect(within(bar).getByRole('status').textContent).toBe('2 selected');

    await user.click(within(bar).getByRole('button', { name: 'Forward as chat history' }));
    const sheet = await screen.findByRole('dialog', { name: 'Send to' });
    await user.click(await within(sheet).findByRole('checkbox', { name: 'Ben' }));
    await user.type(within(sheet).getByRole('textbox', { name: 'Leave a message' }), 'see above');
    await user.click(within(sheet).getByRole('button', { name: 'Send (1)' }));

    await waitFor(() => expect(server.called('forwardMsgs')).toHaveLength(1));
    expect(server.called('forwardMsgs')[0]?.request).toMatchObject({
      mode: 'MERGED',
      // In the chat's order, whatever order they were chosen in.
      items: [
        { chatId: '5', msgId: '101' },
        { chatId: '5', msgId: '103' },
      ],
      targets: [{ chatId: '70' }],
      title: 'Chat history of Ada Lovelace and Amy',
      note: 'see above',
    });
    // Done: the selection ends and the composer is back.
    expect(await screen.findByRole('textbox', { name: 'Message' })).toBeTruthy();
  });

  it('finds a chat by search, and names the chats that refused a forward', async () => {
    fakeServer({
      listFriends: () => ({ list: [ben, { ...ben, userId: '8', nickName: 'Cleo' }] }),
      listSavedGroups: () => ({ list: [] }),
      getChatSession: () => bensChat,
      forwardMsgs: () => ({
        targets: [{ chatId: '70', sends: [{ ...ok(''), status: '1', statusCode: 'notFriends' }] }],
      }),
    });
    const { deleteForMe } = renderWindow();
    await hold('Platform four', 'Forward');
    const sheet = await screen.findByRole('dialog', { name: 'Send to' });
    await within(sheet).findByRole('checkbox', { name: 'Cleo' });
    await user.type(within(sheet).getByRole('searchbox', { name: 'Search chats and contacts' }), 'be');
    expect(within(sheet).queryByRole('checkbox', { name: 'Cleo' })).toBeNull();
    await user.click(within(sheet).getByRole('checkbox', { name: 'Ben' }));
    await user.click(within(sheet).getByRole('button', { name: 'Send (1)' }));
    expect(await screen.findByText('Could not send to Ben')).toBeTruthy();
    expect(deleteForMe).not.toHaveBeenCalled();
  });

  it('deletes the chosen messages for me after a confirmation, then leaves multi-select', async () => {
    fakeServer({});
    const { deleteForMe } = renderWindow();
    await hold('Platform four', 'Multi-select');
    await user.click(within(screen.getByRole('log')).getAllByRole('checkbox')[2] as HTMLElement);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog');
    expect(confirm.textContent).toContain('the other side still sees them');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(deleteForMe).toHaveBeenCalledWith('5', ['102', '103']));
    expect(await screen.findByRole('textbox', { name: 'Message' })).toBeTruthy();
  });
});
