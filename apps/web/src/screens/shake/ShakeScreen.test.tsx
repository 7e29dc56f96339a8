import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ShakePerson, ShakeResult } from '@paichat/protocol';
import { SHAKE_POLL_MS } from '../../api/queries/shake';
import { resetRequest } from '../../api/request';
import { installReact19Render } from '../../lib/ui';
import { fakeServer } from '../../test/fakeServer';
import { renderScreen } from '../../test/render';
import { ShakeScreen } from './ShakeScreen';
import { SHAKE_SOUND_KEY } from './shakeSound';

const user = userEvent.setup({ pointerEventsCheck: 0 });
beforeAll(() => installReact19Render());

const urls = {
  addFriendDetailUrl: '/wx/personInfo/addFriendsDetail',
  chatWindowUrl: '/wx/chatWindow/index',
  downloadUrl: '/wx/download/index',
};
const open = () => renderScreen(<ShakeScreen {...urls} />);

const mia: ShakePerson = {
  userId: '7',
  nickName: 'Mia',
  portrait: '',
  intro: 'Out for a run',
  gender: 'female',
  distance: '3km',
  ref: 'nMiaRef',
  isFriend: false,
};
const waiting = (): ShakeResult => ({ status: 'waiting', until: Date.now() + 5_000 });

/** What the page's Web Audio made: swishes are noise sources, the chime oscillators. */
const audio = { swishes: 0, notes: 0, contexts: 0 };
const param = () => ({ value: 0, setValueAtTime: vi.fn(), exponentialRampToValueAtTime: vi.fn() });
const node = <T extends object>(extra: T) => ({
  connect: (next: unknown) => next,
  start: vi.fn(),
  stop: vi.fn(),
  ...extra,
});
class FakeAudioContext {
  state = 'running';
  currentTime = 0;
  sampleRate = 8_000;
  destination = {};
  constructor() {
    audio.contexts += 1;
  }
  createBuffer = (_channels: number, length: number) => ({ getChannelData: () => new Float32Array(length) });
  createBufferSource = () => {
    audio.swishes += 1;
    return node({ buffer: null });
  };
  createOscillator = () => {
    audio.notes += 1;
    return node({ type: 'sine', frequency: param() });
  };
  createBiquadFilter = () => node({ type: 'lowpass', Q: param(), frequency: param() });
  createGain = () => node({ gain: param() });
  resume = () => Promise.resolve();
  close = () => Promise.resolve();
}

/** A browser with motion events (no permission needed) and a position, unless said otherwise (null: none). */
function device({
  motion = class {} as unknown,
  geolocation = {
    getCurrentPosition: (ok: PositionCallback) =>
      ok({ coords: { latitude: 31.2401, longitude: 121.4905 } } as GeolocationPosition),
  } as Partial<Geolocation> | null,
} = {}) {
  vi.stubGlobal('DeviceMotionEvent', motion ?? undefined);
  vi.stubGlobal('navigator', { ...navigator, geolocation: geolocation ?? undefined });
}

beforeEach(() => {
  Object.assign(audio, { swishes: 0, notes: 0, contexts: 0 });
  vi.stubGlobal('AudioContext', FakeAudioContext);
  localStorage.clear();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  resetRequest();
});

const shakeButton = () => screen.getByRole('button', { name: 'Shake' });
const status = () => screen.getByRole('status');
/** Moves the result polling on by one poll. */
const nextPoll = () => act(() => vi.advanceTimersByTimeAsync(SHAKE_POLL_MS));

describe('ShakeScreen', () => {
  it('shakes from the button, searches while it waits, then shows who was found with Greet', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    device();
    const answers: ShakeResult[] = [waiting(), { status: 'matched', person: mia }];
    const server = fakeServer({ shake: waiting, shakeResult: () => answers.shift() ?? { status: 'none' } });
    open();
    expect(status().textContent).toBe(
      'Shake your phone or tap Shake to find someone shaking at the same time',
    );

    await user.click(shakeButton());
    await waitFor(() => expect(server.called('shake')).toHaveLength(1));
    expect(server.called('shake')[0]?.request).toEqual({
      position: { latitude: 31.2401, longitude: 121.4905 },
    });
    expect(status().textContent).toBe('Searching for someone shaking at the same time…');
    expect(screen.queryByRole('region', { name: 'Found someone shaking at the same time' })).toBeNull();

    await nextPoll();
    expect(server.called('shakeResult')).toHaveLength(1);
    expect(status().textContent).toBe('Searching for someone shaking at the same time…');
    await nextPoll();
    const card = await screen.findByRole('region', { name: 'Found someone shaking at the same time' });
    expect(within(card).getByRole('heading', { name: 'Mia' })).toBeTruthy();
    expect(within(card).getByText('Within 3 km')).toBeTruthy();
    expect(within(card).getByText('Out for a run')).toBeTruthy();
    const greet = within(card).getByRole('link', { name: 'Greet' });
    expect(greet.getAttribute('href')).toBe(
      '#/wx/personInfo/addFriendsDetail?userId=7&source=shake&ref=nMiaRef',
    );
    // Matched: no more polling.
    await nextPoll();
    expect(server.called('shakeResult')).toHaveLength(2);
  });

  it('shows someone found at once, without a distance when either shook without a position', async () => {
    device({
      geolocation: {
        getCurrentPosition: (_ok: PositionCallback, fail?: PositionErrorCallback | null) =>
          fail?.({ code: 1, message: 'denied' } as GeolocationPositionError),
      },
    });
    const server = fakeServer({ shake: () => ({ status: 'matched', person: { ...mia, distance: null } }) });
    open();
    await user.click(shakeButton());
    const card = await screen.findByRole('region', { name: 'Found someone shaking at the same time' });
    expect(within(card).queryByText(/Within/)).toBeNull();
    expect(server.called('shake')[0]?.request).toEqual({});
    expect(screen.getByText('Shaking without your location: matches show no distance')).toBeTruthy();
    expect(server.called('shakeResult')).toHaveLength(0);
  });

  it('offers a friend found by shaking their chat, not a greeting', async () => {
    device();
    fakeServer({ shake: () => ({ status: 'matched', person: { ...mia, isFriend: true } }) });
    open();
    await user.click(shakeButton());
    const card = await screen.findByRole('region', { name: 'Found someone shaking at the same time' });
    expect(within(card).getByRole('link', { name: 'Messages' }).getAttribute('href')).toBe(
      '#/wx/chatWindow/index?userId=7',
    );
    expect(within(card).queryByRole('link', { name: 'Greet' })).toBeNull();
  });

  it('says so when nobody shook at the same time, and shakes again', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    device();
    const server = fakeServer({ shake: waiting, shakeResult: () => ({ status: 'none' }) });
    open();
    await user.click(shakeButton());
    await waitFor(() => expect(status().textContent).toBe('Searching for someone shaking at the same time…'));
    await nextPoll();
    await waitFor(() =>
      expect(status().textContent).toBe('No one was found shaking at the same time. Try again'),
    );
    await user.click(shakeButton());
    await waitFor(() => expect(server.called('shake')).toHaveLength(2));
    await waitFor(() => expect(status().textContent).toBe('Searching for someone shaking at the same time…'));
  });

  it('stops asking well after the window, as nobody, when no answer ever ends the wait', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    device();
    const server = fakeServer({ shake: waiting, shakeResult: () => new Response('down', { status: 502 }) });
    open();
    await user.click(shakeButton());
    await waitFor(() => expect(server.called('shake')).toHaveLength(1));
    const nobody = 'No one was found shaking at the same time. Try again';
    for (let i = 0; i < 40 && status().textContent !== nobody; i += 1) await nextPoll();
    expect(status().textContent).toBe(nobody);
    expect(server.called('shakeResult')).toHaveLength(15);
    await nextPoll();
    expect(server.called('shakeResult')).toHaveLength(15);
    // Quietly: a failed poll shows no toast.
    expect(server.toast).not.toHaveBeenCalled();
  });

  it('shakes when the phone is shaken', async () => {
    device();
    const server = fakeServer({ shake: () => ({ status: 'matched', person: mia }) });
    open();
    const jolt = (x: number) =>
      window.dispatchEvent(
        Object.assign(new Event('devicemotion'), {
          acceleration: { x, y: 0, z: 0 },
          accelerationIncludingGravity: null,
        }),
      );
    act(() => [16, 1, 16, 1].forEach(jolt));
    expect(server.called('shake')).toHaveLength(0);
    act(() => jolt(16));
    expect(
      await screen.findByRole('region', { name: 'Found someone shaking at the same time' }),
    ).toBeTruthy();
    expect(server.called('shake')).toHaveLength(1);
  });

  it('asks for motion access from a tap where the browser needs it, and copes with a no', async () => {
    const requestPermission = vi.fn().mockResolvedValueOnce('granted').mockResolvedValueOnce('denied');
    device({ motion: { requestPermission } });
    fakeServer({});
    const first = open();
    await user.click(screen.getByRole('button', { name: 'Enable shaking' }));
    expect(requestPermission).toHaveBeenCalledOnce();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Enable shaking' })).toBeNull());
    first.unmount();

    open();
    await user.click(screen.getByRole('button', { name: 'Enable shaking' }));
    expect(await screen.findByText('Motion access was not allowed; tap Shake instead')).toBeTruthy();
    expect(shakeButton()).toBeTruthy();
  });

  it('shows the H5 notice where the browser has neither motion nor location', async () => {
    device({ motion: null, geolocation: null });
    const { nav } = open();
    expect(
      screen.getByRole('heading', { name: 'Shake is not supported in H5. Please use the mobile app.' }),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Shake' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Download the app' }));
    expect(nav.navigateTo).toHaveBeenCalledWith('/wx/download/index');
  });

  it('plays the swish and the chime, and keeps them off once switched off', async () => {
    device();
    const server = fakeServer({ shake: () => ({ status: 'matched', person: mia }) });
    const first = open();
    const sound = screen.getByRole('switch', { name: 'Sound' });
    expect(sound.getAttribute('aria-checked')).toBe('true');
    await user.click(shakeButton());
    await screen.findByRole('region', { name: 'Found someone shaking at the same time' });
    expect(audio).toMatchObject({ contexts: 1, swishes: 2, notes: 2 });

    await user.click(sound);
    expect(sound.getAttribute('aria-checked')).toBe('false');
    expect(localStorage.getItem(SHAKE_SOUND_KEY)).toBe('off');
    await user.click(shakeButton());
    await waitFor(() => expect(server.called('shake')).toHaveLength(2));
    await screen.findByRole('region', { name: 'Found someone shaking at the same time' });
    expect(audio).toMatchObject({ swishes: 2, notes: 2 });
    first.unmount();

    open();
    expect(screen.getByRole('switch', { name: 'Sound' }).getAttribute('aria-checked')).toBe('false');
    await user.click(shakeButton());
    await screen.findByRole('region', { name: 'Found someone shaking at the same time' });
    expect(audio).toMatchObject({ contexts: 1, swishes: 2, notes: 2 });
  });
});
