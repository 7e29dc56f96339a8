import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { groupSendMsg, type Friend } from '@paichat/protocol';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import userEvent from '@testing-library/user-event';
import { installReact19Render } from '../../lib/ui';
import { installPointerCapture } from '../../components/chat/testSupport';
import { createQueryClient } from '../../api/queryClient';
import { configureRequest, resetRequest } from '../../api/request';
import { NavContext } from '../../nav';
import { renderScreen, stubNav } from '../../test/render';
import { fakeServer } from '../../test/fakeServer';
import { dialogClosed, dialogShowing } from '../../test/dialogs';
import { ChatEngineProvider } from '../../store/chat/hooks';
import type { ChatEngine } from '../../store/chat/engine';
import { ChatLifecycle } from '../../store/chat/lifecycle';
import {
  AMY,
  BEN,
  CHEN,
  createWorld,
  deliver,
  onlineEngine,
  sendAs,
  startEngine,
  until,
} from '../../store/chat/testing/harness';
import { firstTextsOnly } from '../../test/firstTexts';
import { ChatListScreen } from './ChatListScreen';

const user = userEvent.setup({ pointerEventsCheck: 0 });
let engine: ChatEngine | undefined;

beforeAll(() => {
  installReact19Render();
  installPointerCapture();
});
afterEach(async () => {
  await engine?.stop();
  resetRequest();
});

/** Amy's engine, after Ben and then Chen wrote to her (Chen's chat is the newest). */
async function setup() {
  const world = createWorld();
  await sendAs(world, BEN, '1', 'Hi from Ben');
  await sendAs(world, CHEN, '1', 'Hi from Chen');
  engine = await onlineEngine(world);
  deliver(world, engine);
  await engine.idle();
  return { world, ...renderList(engine) };
}

/** The Message tab on `engine`. */
const renderList = (on: ChatEngine) =>
  renderScreen(
    <ChatEngineProvider engine={on}>
      <ChatListScreen
        chatWindowUrl="/wx/chatWindow/index"
        createGroupUrl="/wx/group/createGroup"
        searchUrl="/wx/search/index"
        addContactsUrl="/wx/search/friend"
      />
    </ChatEngineProvider>,
  );

const rowNames = () =>
  screen
    .getAllByRole('link')
    .map((link) => document.getElementById(link.getAttribute('aria-labelledby') ?? '')?.textContent);

describe('ChatListScreen on the chat engine', () => {
  it('shows a skeleton, not "No chats yet", until the server answers the list (a new device)', async () => {
    const world = createWorld();
    world.device.hold(true);
    engine = await startEngine(world);
    renderList(engine);
    await until(() => world.device.heldCount > 0);
    expect(screen.getByRole('status', { name: 'Loading…' })).toBeTruthy();
    expect(screen.queryByText('No chats yet')).toBeNull();
    world.device.hold(false);
    await waitFor(() => expect(rowNames()).toEqual(['Chen', 'Ben']));
    expect(screen.queryByRole('status', { name: 'Loading…' })).toBeNull();
  });

  it('draws with the texts bundled with the first page (the rest of English loads after)', async () => {
    const texts = firstTextsOnly();
    try {
      await setup();
      await waitFor(() => expect(rowNames()).toEqual(['Chen', 'Ben']));
      expect(texts.missing).toEqual([]);
    } finally {
      texts.restore();
    }
  });

  it('lists the chats newest first with their previews and unread counts', async () => {
    await setup();
    await waitFor(() => expect(rowNames()).toEqual(['Chen', 'Ben']));
    const ben = screen.getByRole('link', { name: 'Ben' });
    expect(within(ben).getByText('Hi from Ben')).toBeTruthy();
    expect(within(ben).getByText('1')).toBeTruthy();
  });

  it('opens a one-to-one chat with its chatId and the friend’s userId', async () => {
    const { world, nav } = await setup();
    await user.click(await screen.findByRole('link', { name: 'Ben' }));
    expect(nav.navigateTo).toHaveBeenCalledWith(`/wx/chatWindow/index?chatId=${world.ab}&userId=${BEN}`);
  });

  it('pins a chat to the top from its long-press menu', async () => {
    await setup();
    fireEvent.contextMenu(await screen.findByRole('link', { name: 'Ben' }));
    const sheet = await screen.findByRole('dialog', { name: 'Actions for Ben' });
    await user.click(within(sheet).getByRole('button', { name: 'Pin' }));
    await waitFor(() => expect(rowNames()).toEqual(['Ben', 'Chen']));
    fireEvent.contextMenu(screen.getByRole('link', { name: 'Ben' }));
    expect(
      within(await screen.findByRole('dialog', { name: 'Actions for Ben' })).getByRole('button', {
        name: 'Unpin',
      }),
    ).toBeTruthy();
  });

  it('removes a deleted chat from the list once confirmed', async () => {
    await setup();
    fireEvent.contextMenu(await screen.findByRole('link', { name: 'Chen' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Actions for Chen' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    await user.click(within(await dialogShowing('Delete Chen?')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(rowNames()).toEqual(['Ben']));
    await dialogClosed('Delete Chen?');
  });

  it('offers a group chat, adding contacts and the scanner under "+"', async () => {
    const { nav } = await setup();
    await user.click(screen.getByRole('button', { name: 'Add' }));
    const sheet = await screen.findByRole('dialog', { name: 'Add' });
    await user.click(within(sheet).getByRole('button', { name: 'Scan' }));
    expect(await screen.findByText('Scan QR Code')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Add' })).getByRole('button', {
        name: 'Add contacts',
      }),
    );
    expect(nav.navigateTo).toHaveBeenCalledWith('/wx/search/friend');

    // The search bar opens Search.
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(nav.navigateTo).toHaveBeenCalledWith('/wx/search/index');
  });

  it("previews a group message with the sender's remark, loading the friend list for it", async () => {
    const ben: Friend = {
      userId: BEN,
      nickName: 'Ben',
      portrait: '',
      userType: 'user',
      chatNo: 'ben',
      remark: 'Big Ben',
      tags: [],
      isBlocked: false,
    };
    const api = fakeServer({ listFriends: () => ({ list: [ben] }) });
    configureRequest({ fetch: api.fetch, toast: vi.fn() });
    const world = createWorld();
    const { groupId } = world.server.createGroup(AMY, [BEN, CHEN], 'Trip');
    await world.server.as(BEN).call(groupSendMsg, { groupId, msgType: 'TEXT', content: { text: 'hi' } });
    // The app's wiring: the engine reads remarks from the app's query cache, which the screen fills.
    const queryClient = createQueryClient();
    const { remarkOf, subscribeRemarks } = new ChatLifecycle({ queryClient, toast: vi.fn() }).appDeps(AMY);
    engine = await onlineEngine(world, { remarkOf, subscribeRemarks });
    deliver(world, engine);
    await engine.idle();
    render(
      <QueryClientProvider client={queryClient}>
        <NavContext value={stubNav()}>
          <ChatEngineProvider engine={engine}>
            <ChatListScreen
              chatWindowUrl="/wx/chatWindow/index"
              createGroupUrl="/wx/group/createGroup"
              searchUrl="/wx/search/index"
              addContactsUrl="/wx/search/friend"
            />
          </ChatEngineProvider>
        </NavContext>
      </QueryClientProvider>,
    );
    const trip = await screen.findByRole('link', { name: 'Trip' });
    expect(await within(trip).findByText('Big Ben: hi')).toBeTruthy();
    expect(api.called('listFriends')).toHaveLength(1);
  });
});
