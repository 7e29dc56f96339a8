import { syncMessages, type PersonView } from '@paichat/protocol';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { resetRequest } from '../../api/request';
import { installReact19Render } from '../../lib/ui';
import { ChatEngineProvider } from '../../store/chat/hooks';
import type { ChatEngine } from '../../store/chat/engine';
import { BEN as BEN_ID, createWorld, entry, opened, sendAs, texts } from '../../store/chat/testing/harness';
import { renderScreen } from '../../test/render';
import { dialogClosed, dialogShowing, isRedButton } from '../../test/dialogs';
import { fakeServer } from '../../test/fakeServer';
import { BEN, image, moment } from '../moments/testing/momentFixtures';
import { ContactInfoScreen } from './ContactInfoScreen';

/** Ben as his friend sees him: the remark she gave him, his region, bio and her tags. */
const ben: PersonView = {
  userId: BEN.userId,
  nickName: 'Ben',
  portrait: '',
  userType: 'normal',
  chatNo: 'ben_7',
  gender: 'male',
  intro: 'Hiking on weekends',
  address: { country: 'GB', province: 'England', city: 'London' },
  isSelf: false,
  isFriend: true,
  isBlocked: false,
  requestSent: false,
  remark: 'Benny',
  tags: ['Climbing', 'Work'],
};

const urls = {
  chatWindowUrl: '/chat',
  friendRequestUrl: '/request',
  profileSettingsUrl: '/settings',
  setRemarkUrl: '/remark',
  albumUrl: '/album',
};

afterEach(() => resetRequest());

describe('Info', () => {
  it("shows a friend's remark, name, chat ID, region, bio and tags, and their four newest Moments pictures", async () => {
    const api = fakeServer({
      friendInfo: () => ben,
      getMomentAlbum: () => ({
        list: [
          moment(BEN, { images: [image(1), image(2), image(3)] }),
          moment(BEN, { images: [] }),
          moment(BEN, { images: [image(4), image(5)] }),
        ],
        next: null,
      }),
    });
    const { nav } = renderScreen(<ContactInfoScreen {...urls} />, { path: `/info?userId=${ben.userId}` });
    expect(await screen.findByRole('heading', { name: 'Benny' })).toBeTruthy();
    expect(screen.getByText('Nickname: Ben')).toBeTruthy();
    expect(screen.getByText('Chat ID: ben_7')).toBeTruthy();
    expect(screen.getByText('Region').nextElementSibling?.textContent).toMatch(/London/);
    expect(screen.getByText('Hiking on weekends')).toBeTruthy();
    expect(screen.getByText('Climbing')).toBeTruthy();

    const moments = screen.getByRole('button', { name: 'Moments' });
    await within(moments)
      .findAllByRole('presentation')
      .then((pictures) =>
        expect(pictures.map((p) => p.getAttribute('src'))).toEqual(
          [1, 2, 3, 4].map((n) => image(n).thumbUrl),
        ),
      );
    expect(api.called('getMomentAlbum')[0]?.request).toMatchObject({ userId: ben.userId });
    await userEvent.click(moments);
    expect(nav.navigateTo).toHaveBeenLastCalledWith(`/album?userId=${ben.userId}`);

    await userEvent.click(screen.getByRole('button', { name: 'Set remark and tags' }));
    expect(nav.navigateTo).toHaveBeenLastCalledWith(`/remark?userId=${ben.userId}`);
    await userEvent.click(screen.getByRole('button', { name: 'Messages' }));
    expect(nav.navigateTo).toHaveBeenLastCalledWith(`/chat?userId=${ben.userId}`);
    expect(screen.queryByRole('button', { name: 'Add to contacts' })).toBeNull();
  });

  it('offers a stranger "Add to contacts" only: no Messages, Moments or remark', async () => {
    const stranger = { ...ben, isFriend: false, remark: '', tags: [], chatNo: '' };
    const api = fakeServer({ friendInfo: () => stranger });
    const { nav } = renderScreen(<ContactInfoScreen {...urls} />, { path: `/info?userId=${ben.userId}` });
    expect(await screen.findByRole('heading', { name: 'Ben' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Messages' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Moments' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Set remark and tags' })).toBeNull();
    expect(api.called('getMomentAlbum')).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Add to contacts' }));
    expect(nav.navigateTo).toHaveBeenLastCalledWith(`/request?userId=${ben.userId}&source=search`);
  });
});

describe('Clear chat history', () => {
  let engine: ChatEngine | undefined;
  beforeAll(() => installReact19Render());
  afterEach(async () => {
    await engine?.stop();
    engine = undefined;
  });

  it('asks, then empties the one-to-one chat and its preview; Ben keeps his messages', async () => {
    const world = createWorld();
    await sendAs(world, BEN_ID, '1', 'Hi from Ben');
    engine = await opened(world, world.ab);
    expect(texts(engine, world.ab)).toContain('Hi from Ben');
    expect(entry(engine, world.ab)?.content).toBe('Hi from Ben');
    fakeServer({ friendInfo: () => ({ ...ben, userId: BEN_ID }) });
    renderScreen(
      <ChatEngineProvider engine={engine}>
        <ContactInfoScreen {...urls} />
      </ChatEngineProvider>,
      { path: `/info?userId=${BEN_ID}` },
    );

    await userEvent.click(await screen.findByRole('button', { name: 'Clear chat history' }));
    const dialog = await dialogShowing('Clear chat history?');
    expect(
      within(dialog).getByText(/Your messages with Benny will be cleared on all your devices/),
    ).toBeTruthy();
    expect(isRedButton(dialog, 'Clear')).toBe(true);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await dialogClosed('Clear chat history?');
    expect(texts(engine, world.ab)).toContain('Hi from Ben');

    await userEvent.click(screen.getByRole('button', { name: 'Clear chat history' }));
    await userEvent.click(
      within(await dialogShowing('Clear chat history?')).getByRole('button', { name: 'Clear' }),
    );
    await waitFor(() => expect(texts(engine as ChatEngine, world.ab)).toEqual([]));
    expect(entry(engine, world.ab)?.content).toBe('');
    expect(await screen.findByText('Chat history cleared')).toBeTruthy();
    await dialogClosed('Clear chat history?');
    // Only hers: the server still gives Ben the message.
    const bens = await world.server.as(BEN_ID).call(syncMessages, { chatId: world.ab, afterSeq: 0 });
    expect(bens.list.map((m) => m.content)).toContainEqual({ text: 'Hi from Ben' });
  });

  it('is not offered where there is no chat with the person', async () => {
    fakeServer({ friendInfo: () => ben });
    renderScreen(<ContactInfoScreen {...urls} />, { path: `/info?userId=${ben.userId}` });
    expect(await screen.findByRole('heading', { name: 'Benny' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Clear chat history' })).toBeNull();
  });
});
