import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { VirtuosoMockContext } from 'react-virtuoso';
import { groupSendMsg, NoticeType, noticePush, type ServerPush } from '@paichat/protocol';
import { installPointerCapture } from '../../components/chat/testSupport';
import { installReact19Render } from '../../lib/ui';
import { PushRouter } from '../../realtime/pushRouter';
import type { ChatEngine } from '../../store/chat/engine';
import { ChatEngineProvider } from '../../store/chat/hooks';
import { ChatLifecycleContext, type ChatLifecycle } from '../../store/chat/lifecycle';
import {
  AMY,
  BEN,
  CHEN,
  createWorld,
  deliver,
  onlineEngine,
  sendAs,
  type World,
} from '../../store/chat/testing/harness';
import { fakeServer, type FakeHandlers } from '../../test/fakeServer';
import { renderScreen } from '../../test/render';
import { ChatWindowScreen } from './ChatWindowScreen';

const user = userEvent.setup({ pointerEventsCheck: 0 });
let engine: ChatEngine | undefined;

beforeAll(() => {
  installReact19Render();
  installPointerCapture();
});
afterEach(() => {
  vi.useRealTimers();
  engine?.stop();
});

/** The app's lifecycle as the chat window uses it: its pushes, and typing frames out. */
function lifecycleWith(pushes: PushRouter, typing: (chatId: string) => void): ChatLifecycle {
  return {
    pushes,
    typing,
    subscribe: () => () => undefined,
    getEngine: () => null,
  } as unknown as ChatLifecycle;
}

/** Amy's chat window, with the socket's pushes in her hands. */
async function amyOpens(world: World, route: string, handlers: FakeHandlers) {
  engine = await onlineEngine(world);
  deliver(world, engine);
  await engine.idle();
  const server = fakeServer({ getReadReceipts: () => ({ readReceipts: true }), ...handlers });
  const pushes = new PushRouter();
  const typing = vi.fn<(chatId: string) => void>();
  renderScreen(
    <ChatLifecycleContext value={lifecycleWith(pushes, typing)}>
      <ChatEngineProvider engine={engine}>
        <VirtuosoMockContext value={{ viewportHeight: 2000, itemHeight: 60 }}>
          <ChatWindowScreen
            contactInfoUrl="/wx/personInfo/detail"
            chatInfoUrl="/wx/groupInfo/detail"
            downloadUrl="/wx/download/index"
            addFriendDetailUrl="/wx/personInfo/addFriendsDetail"
          />
        </VirtuosoMockContext>
      </ChatEngineProvider>
    </ChatLifecycleContext>,
    { path: `/wx/chatWindow/index?${route}` },
  );
  const hear = (push: ServerPush) => act(() => pushes.dispatch(push));
  return { server, typing, hear };
}

/** The row of the message with this text. */
const rowOf = async (text: string) => (await screen.findByText(text)).closest('[data-side]') as HTMLElement;
/** The seq of Amy's message with this text, as her device holds it. */
const seqOf = (chatId: string, text: string) =>
  engine?.getWindow(chatId).messages.find((m) => (m.content as { text?: string }).text === text)?.seq ?? 0;

/** Amy sent these texts to Ben. */
async function oneToOne(...texts: string[]) {
  const world = createWorld();
  for (const text of texts) await sendAs(world, AMY, BEN, text);
  return world;
}

describe('read receipts one-to-one', () => {
  it('marks the newest message Ben read "Read" and those after it "Unread", moving as he reads', async () => {
    const world = await oneToOne('one', 'two', 'three');
    const chatId = world.ab;
    const { hear } = await amyOpens(world, `chatId=${chatId}`, {
      getPeerRead: ({ chatId: id }) => ({ chatId: id, readSeq: seqOf(chatId, 'two') }),
    });
    expect(await within(await rowOf('two')).findByText('Read')).toBeTruthy();
    expect(within(await rowOf('three')).getByText('Unread')).toBeTruthy();
    expect(within(await rowOf('one')).queryByText(/Read|Unread/)).toBeNull();

    hear(noticePush(NoticeType.PEER_READ, { chatId, readSeq: seqOf(chatId, 'three') }, 1));
    expect(await within(await rowOf('three')).findByText('Read')).toBeTruthy();
    expect(within(await rowOf('two')).queryByText(/Read|Unread/)).toBeNull();
    // Another chat's read moves nothing here.
    hear(noticePush(NoticeType.PEER_READ, { chatId: world.ac, readSeq: 1 }, 1));
    expect(within(await rowOf('three')).getByText('Read')).toBeTruthy();
  });

  it('shows nothing, and sends no typing, when "Send read receipts" is off', async () => {
    const world = await oneToOne('hidden');
    const { typing, hear } = await amyOpens(world, `chatId=${world.ab}`, {
      getReadReceipts: () => ({ readReceipts: false }),
      getPeerRead: ({ chatId }) => ({ chatId, readSeq: null }),
    });
    await rowOf('hidden');
    fireEvent.change(screen.getByRole('textbox', { name: 'Message' }), { target: { value: 'h' } });
    hear(noticePush(NoticeType.TYPING, { chatId: world.ab, userId: BEN }, 1));
    expect(within(await rowOf('hidden')).queryByText(/Read|Unread/)).toBeNull();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Ben');
    expect(typing).not.toHaveBeenCalled();
  });
});

describe('typing one-to-one', () => {
  it('reads "typing…" while Ben types, gone 6 s after his last signal or when his message comes', async () => {
    const world = await oneToOne('hello?');
    const chatId = world.ab;
    const { hear } = await amyOpens(world, `chatId=${chatId}`, {
      getPeerRead: () => ({ chatId, readSeq: 0 }),
    });
    const title = () => screen.getByRole('heading', { level: 1 }).textContent;
    await within(await rowOf('hello?')).findByText('Unread');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });

    hear(noticePush(NoticeType.TYPING, { chatId, userId: BEN }, 1));
    expect(title()).toBe('typing…');
    act(() => vi.advanceTimersByTime(4_000));
    hear(noticePush(NoticeType.TYPING, { chatId, userId: BEN }, 1));
    act(() => vi.advanceTimersByTime(5_999));
    expect(title()).toBe('typing…');
    act(() => vi.advanceTimersByTime(1));
    expect(title()).toBe('Ben');

    hear(noticePush(NoticeType.TYPING, { chatId, userId: BEN }, 1));
    expect(title()).toBe('typing…');
    vi.useRealTimers();
    await sendAs(world, BEN, AMY, 'here!');
    act(() => deliver(world, engine as ChatEngine));
    await screen.findByText('here!');
    expect(title()).toBe('Ben');
  });

  it('tells Ben at most once every 3 s while Amy types', async () => {
    const world = await oneToOne('typing test');
    const chatId = world.ab;
    const { typing } = await amyOpens(world, `chatId=${chatId}`, {
      getPeerRead: () => ({ chatId, readSeq: 0 }),
    });
    await within(await rowOf('typing test')).findByText('Unread');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const box = screen.getByRole('textbox', { name: 'Message' });
    const type = (value: string) => fireEvent.change(box, { target: { value } });

    type('h');
    type('he');
    type('hel');
    expect(typing.mock.calls).toEqual([[chatId]]);
    act(() => vi.advanceTimersByTime(2_999));
    type('hell');
    expect(typing).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(1));
    type('hello');
    expect(typing).toHaveBeenCalledTimes(2);
  });
});

describe('read receipts in a group', () => {
  it('shows "{n} read" under Amy\'s messages, and who has and has not read one when tapped', async () => {
    const world = createWorld();
    const { groupId, chatId } = world.server.createGroup(AMY, [BEN, CHEN], 'Trip');
    await world.server
      .as(AMY)
      .call(groupSendMsg, { groupId, msgType: 'TEXT', content: { text: 'dinner at 8' } });
    const people = {
      ben: { userId: BEN, nickName: 'Ben', portrait: '' },
      chen: { userId: CHEN, nickName: 'Chen', portrait: '' },
    };
    const { server, hear } = await amyOpens(world, `chatId=${chatId}`, {
      getReadCounts: ({ chatId: id, seqs }) => ({
        chatId: id,
        counts: seqs.map((seq) => ({ seq, count: 1 })),
      }),
      getReaders: ({ chatId: id, msgId }) => ({
        chatId: id,
        msgId,
        read: [people.ben],
        unread: [people.chen],
      }),
    });
    await user.click(await within(await rowOf('dinner at 8')).findByRole('button', { name: '1 read' }));
    const sheet = await screen.findByRole('dialog', { name: 'Read by' });
    expect(within(within(sheet).getByRole('list', { name: 'Read (1)' })).getByText('Ben')).toBeTruthy();
    expect(
      within(within(sheet).getByRole('list', { name: 'Not read yet (1)' })).getByText('Chen'),
    ).toBeTruthy();
    // Members read further: the counts are asked for again.
    const asked = server.called('getReadCounts').length;
    hear(noticePush(NoticeType.GROUP_READS, { chatId }, 1));
    await vi.waitFor(() => expect(server.called('getReadCounts').length).toBeGreaterThan(asked));
  });
});
