import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { VirtuosoMockContext } from 'react-virtuoso';
import { installReact19Render } from '../../lib/ui';
import { installPointerCapture } from '../../components/chat/testSupport';
import { renderScreen } from '../../test/render';
import { ChatEngineProvider } from '../../store/chat/hooks';
import type { ChatEngine } from '../../store/chat/engine';
import { getChatMessages, sendMsg } from '@paichat/protocol';
import { AMY, BEN, createWorld, deliver, onlineEngine, sendAs } from '../../store/chat/testing/harness';
import { ChatWindowScreen } from './ChatWindowScreen';

vi.mock('react-virtuoso', () => import('../../components/chat/testSupport').then((m) => m.virtuosoFromTop()));

const user = userEvent.setup({ pointerEventsCheck: 0 });
let engine: ChatEngine | undefined;

beforeAll(() => {
  installReact19Render();
  installPointerCapture();
});
afterEach(() => {
  engine?.stop();
  sessionStorage.clear();
});

const setup = (path: string) => setupIn(createWorld(), path);

/** Ben has written; amy's engine holds it; `beforeOpen` runs right before the window opens. */
async function setupIn(world: ReturnType<typeof createWorld>, path: string, beforeOpen = () => {}) {
  await sendAs(world, BEN, '1', 'Hello Amy');
  engine = await onlineEngine(world);
  deliver(world, engine);
  await engine.idle();
  beforeOpen();
  const rendered = renderScreen(
    <ChatEngineProvider engine={engine}>
      <VirtuosoMockContext value={{ viewportHeight: 2000, itemHeight: 60 }}>
        <ChatWindowScreen
          contactInfoUrl="/wx/personInfo/detail"
          chatInfoUrl="/wx/groupInfo/detail"
          downloadUrl="/wx/download/index"
          addFriendDetailUrl="/wx/personInfo/addFriendsDetail"
        />
      </VirtuosoMockContext>
    </ChatEngineProvider>,
    { path },
  );
  return { world, ...rendered };
}

describe('ChatWindowScreen on the chat engine', () => {
  it('opens a chat by the friend’s userId, titled by their name, with its messages', async () => {
    await setup(`/wx/chatWindow/index?userId=${BEN}`);
    const log = await screen.findByRole('log', { name: 'Ben' });
    expect(await within(log).findByText('Hello Amy')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Ben' })).toBeTruthy();
  });

  it('shows what the device holds of a chat at once, while the server has not answered yet', async () => {
    const world = createWorld();
    // Opening asks the server for the page before the one held; its answer is held back.
    await setupIn(world, `/wx/chatWindow/index?userId=${BEN}`, () => world.device.hold(true));
    const log = await screen.findByRole('log', { name: 'Ben' });
    expect(await within(log).findByText('Hello Amy')).toBeTruthy();
    expect(world.device.calls.map(([path]) => path)).toContain(getChatMessages.path);
    world.device.hold(false);
  });

  it('sends a text that shows at once as an own message and reaches the server', async () => {
    const { world } = await setup(`/wx/chatWindow/index?userId=${BEN}`);
    const log = await screen.findByRole('log', { name: 'Ben' });
    const box = screen.getByRole('textbox', { name: 'Message' });
    await waitFor(() => expect((box as HTMLTextAreaElement).disabled).toBe(false));
    await user.type(box, '<b>not bold</b>{Enter}');
    expect(await within(log).findByText('<b>not bold</b>')).toBeTruthy();
    await waitFor(() => expect(within(log).queryByRole('status', { name: 'Sending' })).toBeNull());
    const seen = await world.server.as(BEN).call(getChatMessages, { userId: '1' });
    expect(seen.list.map((m) => m.content)).toContainEqual({ text: '<b>not bold</b>' });
  });

  it('opens the friend’s Info page from "Chat info"', async () => {
    const world = createWorld();
    const { nav } = await setupIn(world, `/wx/chatWindow/index?chatId=${world.ab}&userId=${BEN}`);
    await user.click(await screen.findByRole('button', { name: 'Chat info' }));
    expect(nav.navigateTo).toHaveBeenCalledWith(`/wx/personInfo/detail?userId=${BEN}`);
  });

  it('opens a search result far up the history at the message, marked, with the way back to the latest', async () => {
    const world = createWorld();
    for (let i = 1; i <= 150; i += 1) await sendAs(world, BEN, AMY, `m${i}`);
    // Sent before this device was in use: it holds none of them.
    while (world.device.take());
    const found = world.server
      .view(AMY, world.ab)
      .messages.find((m) => (m.content as { text?: string }).text === 'm20');
    await setupIn(world, `/wx/chatWindow/index?chatId=${world.ab}&msgId=${found?.msgId}&seq=${found?.seq}`);
    // The list is the page around the message (a list of its own: it opens there).
    const log = () => screen.getByRole('log', { name: 'Ben' });
    // A long history and many pages: a loaded machine takes a while.
    const slow = { timeout: 5000 };
    const message = await screen.findByText('m20', {}, slow);
    expect(log().contains(message)).toBe(true);
    expect(message.closest('[data-focused]')).toBeTruthy();
    expect(within(log()).getByText('m11')).toBeTruthy();
    expect(within(log()).queryByText('Hello Amy')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Back to latest' }));
    expect(await within(log()).findByText('Hello Amy', {}, slow)).toBeTruthy();
    expect(within(log()).queryByText('m20')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Back to latest' })).toBeNull();
  });

  it('goes from a quote to its original far up the history: read from the server, then marked', async () => {
    const world = createWorld();
    await sendAs(world, BEN, AMY, 'Where do we meet?');
    for (let i = 1; i <= 60; i += 1) await sendAs(world, BEN, AMY, `m${i}`);
    const original = world.server
      .view(AMY, world.ab)
      .messages.find((m) => (m.content as { text?: string }).text === 'Where do we meet?');
    await world.server.as(BEN).call(sendMsg, {
      userId: AMY,
      msgType: 'TEXT',
      content: { text: 'Still there?', quote: { msgId: original?.msgId ?? '' } },
    });
    await setupIn(world, `/wx/chatWindow/index?chatId=${world.ab}`);
    const slow = { timeout: 5000 };
    await screen.findByText('Still there?', {}, slow);
    expect(screen.queryByText('Where do we meet?')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Ben: Where do we meet?' }));
    const message = await screen.findByText('Where do we meet?', {}, slow);
    expect(message.closest('[data-focused]')).toBeTruthy();
  });

  it('quotes a held message: the input shows it, and the reply carries it to the server', async () => {
    const { world } = await setup(`/wx/chatWindow/index?userId=${BEN}`);
    const log = await screen.findByRole('log', { name: 'Ben' });
    const original = await within(log).findByText('Hello Amy');
    // The context menu (a long press's keyboard and mouse twin) offers Quote.
    original.dispatchEvent(new MouseEvent('contextmenu', { bubbles: true, cancelable: true }));
    await user.click(await screen.findByRole('button', { name: 'Quote' }));
    const bar = screen.getByRole('group', { name: 'Quoting' });
    expect(bar.textContent).toContain('Ben: Hello Amy');
    const box = screen.getByRole('textbox', { name: 'Message' });
    await user.type(box, 'Hello Ben{Enter}');
    expect(screen.queryByRole('group', { name: 'Quoting' })).toBeNull();
    // The reply draws the quote as the server froze it, once its copy comes back.
    await waitFor(() => expect(within(log).queryByRole('status', { name: 'Sending' })).toBeNull());
    if (engine) deliver(world, engine);
    await within(log).findByRole('button', { name: 'Ben: Hello Amy' });
    const seen = await world.server.as(BEN).call(getChatMessages, { userId: AMY });
    expect(seen.list.at(-1)?.content).toMatchObject({
      text: 'Hello Ben',
      quote: { fromName: 'Ben', snippet: 'Hello Amy', msgType: 'TEXT' },
    });
  });
});
