import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { configureRequest, resetRequest } from '../../api/request';
import { installReact19Render } from '../../lib/ui';
import { envelope, renderScreen, stubSession } from '../../test/render';
import { dialogClosed, dialogShowing } from '../../test/dialogs';
import { ChatEngineProvider } from '../../store/chat/hooks';
import { createWorld, expectNoErrors, onlineEngine } from '../../store/chat/testing/harness';
import { MeScreen, type MeLinks } from './MeScreen';

const session = stubSession();
const { signOut } = session;

const links: MeLinks = {
  personalInfo: '/pi',
  album: '/album',
  favorites: '/fav',
  settings: '/settings',
  language: '/lang',
  feedback: '/feedback',
  download: '/download',
};
const me = {
  userId: 'u1',
  nickName: 'Ada Lovelace',
  portrait: '',
  userType: 'user',
  chatNo: 'ada_1815',
  gender: 'female',
  intro: '',
  address: { country: '', province: '', city: '' },
};

beforeAll(() => installReact19Render());
beforeEach(() => {
  resetRequest();
  vi.mocked(signOut).mockClear();
});
afterEach(() => resetRequest());

describe('MeScreen', () => {
  it('shows the signed-in user: initials, nickname and chat ID', async () => {
    configureRequest({ fetch: async () => envelope(me), toast: vi.fn() });
    renderScreen(<MeScreen links={links} />, { session });
    expect(await screen.findByRole('heading', { name: 'Ada Lovelace' })).toBeTruthy();
    expect(screen.getByText('Chat ID: ada_1815')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Profile photo of Ada Lovelace' }).textContent).toBe('AL');
  });

  it('shows the portrait when there is one', async () => {
    configureRequest({ fetch: async () => envelope({ ...me, portrait: '/files/p.png' }), toast: vi.fn() });
    renderScreen(<MeScreen links={links} />, { session });
    const img = await screen.findByRole('img', { name: 'Profile photo of Ada Lovelace' });
    expect(img.getAttribute('src')).toBe('/files/p.png');
  });

  it('offers a retry when the profile cannot load', async () => {
    let fail = true;
    configureRequest({
      fetch: async () => (fail ? new Response('', { status: 500 }) : envelope(me)),
      toast: vi.fn(),
    });
    renderScreen(<MeScreen links={links} />, { session });
    await userEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    fail = false;
    await userEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Ada Lovelace' })).toBeTruthy();
  });

  it('opens Personal Info from its entry and from the profile card', async () => {
    configureRequest({ fetch: async () => envelope(me), toast: vi.fn() });
    const { nav } = renderScreen(<MeScreen links={links} />, { session });
    await userEvent.click(screen.getByRole('button', { name: 'Personal Info' }));
    expect(nav.navigateTo).toHaveBeenLastCalledWith('/pi');
    vi.mocked(nav.navigateTo).mockClear();
    await userEvent.click(await screen.findByRole('heading', { name: 'Ada Lovelace' }));
    expect(nav.navigateTo).toHaveBeenCalledWith('/pi');
    // One control of that name: the card is only a larger target for pointers.
    expect(screen.getAllByRole('button', { name: 'Personal Info' })).toHaveLength(1);
  });

  it('opens its entries, Language among them', async () => {
    configureRequest({ fetch: async () => envelope(me), toast: vi.fn() });
    const { nav } = renderScreen(<MeScreen links={links} />, { session });
    await userEvent.click(screen.getByRole('button', { name: 'Language' }));
    expect(nav.navigateTo).toHaveBeenCalledWith('/lang');
  });

  it('signs out after confirmation', async () => {
    configureRequest({ fetch: async () => envelope(me), toast: vi.fn() });
    renderScreen(<MeScreen links={links} />, { session });
    // The dialog animates in; jsdom never finishes the animation that re-enables pointer events.
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(signOut).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(signOut).toHaveBeenCalledOnce());
  });

  it('says how many messages are still waiting to be sent; Stay keeps the session and them, and they go once the network is back', async () => {
    configureRequest({ fetch: async () => envelope(me), toast: vi.fn() });
    const world = createWorld();
    const engine = await onlineEngine(world);
    world.device.online = false;
    await engine.send(world.ab, 'TEXT', { text: 'first' });
    await engine.send(world.ab, 'TEXT', { text: 'second' });
    renderScreen(
      <ChatEngineProvider engine={engine}>
        <MeScreen links={links} />
      </ChatEngineProvider>,
      { session },
    );
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const waiting =
      '2 messages have not been sent yet and will be lost if you sign out. Stay, and they are sent once the network is back.';
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    await user.click(within(await dialogShowing(waiting)).getByRole('button', { name: 'Stay' }));
    await dialogClosed(waiting);
    expect(signOut).not.toHaveBeenCalled();
    expect(await engine.unsentCount()).toBe(2);

    // The network is back: the socket reconnects and the outbox is sent.
    world.device.online = true;
    engine.dispatch({ type: 'connection', status: 'reconnecting' });
    engine.dispatch({ type: 'connection', status: 'open' });
    await engine.idle();
    expect(await engine.unsentCount()).toBe(0);
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    await dialogShowing('You will need your account and password to log in again.');
    await engine.stop();
    expectNoErrors();
  });
});
