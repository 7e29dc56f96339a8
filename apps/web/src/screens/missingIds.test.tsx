import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ReactElement } from 'react';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { resetRequest } from '../api/request';
import { installReact19Render } from '../lib/ui';
import { fakeServer, refusal } from '../test/fakeServer';
import { renderScreen, stubNav } from '../test/render';
import { ContactInfoScreen } from './friends/ContactInfoScreen';
import { FriendRequestScreen } from './friends/FriendRequestScreen';
import { SetRemarkScreen } from './friends/SetRemarkScreen';
import { ChatInfoScreen } from './groups/ChatInfoScreen';
import { ScanCodeDetailScreen } from './groups/ScanCodeDetailScreen';
import { MomentDetailScreen } from './moments/MomentDetailScreen';
import { ChatWindowScreen } from './chat/ChatWindowScreen';
import { ChatEngineProvider } from '../store/chat/hooks';
import { createWorld, onlineEngine } from '../store/chat/testing/harness';

beforeAll(() => installReact19Render());
afterEach(() => resetRequest());

const links = {
  contactInfo: '/info',
  addMembers: '/add',
  members: '/members',
  editName: '/name',
  editNotice: '/notice',
  qrCode: '/qr',
  message: '/wx/tabbar1/index',
};

/** Opens `ui` at `path` and expects the page to say `title` and lead back to the chats. */
async function expectWayOn(ui: ReactElement, path: string, title: string) {
  const nav = stubNav();
  renderScreen(ui, { nav, path });
  expect(await screen.findByRole('heading', { name: title })).toBeTruthy();
  await userEvent.click(screen.getByRole('button', { name: 'Back to chats' }));
  expect(nav.reLaunch).toHaveBeenCalledWith('/');
}

const info = (
  <ContactInfoScreen
    chatWindowUrl="/c"
    friendRequestUrl="/r"
    profileSettingsUrl="/p"
    setRemarkUrl="/s"
    albumUrl="/a"
  />
);

describe('a page opened without its id, or with one that names nothing', () => {
  it('Info, Friend Request and Set Remark without a userId', async () => {
    for (const [ui, path] of [
      [info, '/wx/personInfo/detail'],
      [<FriendRequestScreen key="r" />, '/wx/search-friends/add'],
      [<SetRemarkScreen key="s" />, '/wx/personInfo/beizhu'],
    ] as const) {
      await expectWayOn(ui, path, 'Could not load this profile');
      cleanup();
    }
  });

  it('Info of a person who does not exist offers Retry too', async () => {
    fakeServer({ friendInfo: () => refusal('userNotFound', 404) });
    await expectWayOn(info, '/wx/personInfo/detail?userId=404', 'Could not load this profile');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });

  it('Chat Info without a groupId, a moment without its id, a group code page without a code', async () => {
    await expectWayOn(
      <ChatInfoScreen links={links} />,
      '/wx/groupInfo/detail',
      'Could not load this group chat',
    );
    cleanup();
    await expectWayOn(
      <MomentDetailScreen albumUrl="/a" />,
      '/wx/friendsCircle/detail',
      'This moment does not exist or has been deleted',
    );
    cleanup();
    await expectWayOn(
      <ScanCodeDetailScreen chatWindowUrl="/c" />,
      '/wx/groupInfo/scanCodeDetail',
      'This link has no group QR code',
    );
  });

  it('a chat window without a chatId or userId, or with a malformed one, says so at once, asking nothing', async () => {
    const world = createWorld();
    const engine = await onlineEngine(world);
    const api = fakeServer({});
    const asked = world.device.calls.length;
    for (const path of [
      '/wx/chatWindow/index',
      '/wx/chatWindow/index?chatId=',
      '/wx/chatWindow/index?chatId=&userId=',
      '/wx/chatWindow/index?chatId=abc',
      '/wx/chatWindow/index?userId=undefined',
      '/wx/chatWindow/index?chatId=12&userId=-1',
    ]) {
      const ui = (
        <ChatEngineProvider engine={engine}>
          <ChatWindowScreen contactInfoUrl="/i" chatInfoUrl="/g" downloadUrl="/d" addFriendDetailUrl="/f" />
        </ChatEngineProvider>
      );
      await expectWayOn(ui, path, 'This chat could not be opened');
      // Titled as the page it is, not with the "…" of a chat whose name is on its way.
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Chat');
      cleanup();
    }
    expect(world.device.calls.slice(asked)).toEqual([]);
    expect(api.calls).toEqual([]);
    await engine.stop();
  });

  it('a chat window with the id of no chat of theirs says so once the server has answered', async () => {
    const world = createWorld();
    const engine = await onlineEngine(world);
    const ui = (
      <ChatEngineProvider engine={engine}>
        <ChatWindowScreen contactInfoUrl="/i" chatInfoUrl="/g" downloadUrl="/d" addFriendDetailUrl="/f" />
      </ChatEngineProvider>
    );
    await expectWayOn(ui, '/wx/chatWindow/index?chatId=999', 'This chat could not be opened');
    await engine.stop();
  });
});
