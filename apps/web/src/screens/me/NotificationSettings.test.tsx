import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installReact19Render } from '../../lib/ui';
import { renderScreen } from '../../test/render';
import { fakeServer } from '../../test/fakeServer';
import { NotificationSettings } from './NotificationSettings';

const VAPID_KEY = `B${'v'.repeat(86)}`;
const subscription = {
  endpoint: 'https://push.example.com/send/abc',
  keys: { p256dh: `B${'p'.repeat(86)}`, auth: 'a'.repeat(22) },
};

/** A browser that can notify: permission `permission` until asked, then `answer`. */
function browserWithPush(permission: NotificationPermission, answer: NotificationPermission) {
  const state = { permission };
  const requestPermission = vi.fn(async () => {
    state.permission = answer;
    return answer;
  });
  vi.stubGlobal('Notification', {
    get permission() {
      return state.permission;
    },
    requestPermission,
  });
  vi.stubGlobal('PushManager', class {});
  const unsubscribe = vi.fn(async () => true);
  const pushed = {
    ...subscription,
    options: { applicationServerKey: null },
    toJSON: () => subscription,
    unsubscribe,
  };
  let current: typeof pushed | null = null;
  const subscribe = vi.fn(async () => (current = pushed));
  const pushManager = { getSubscription: async () => current, subscribe };
  vi.stubGlobal('navigator', { ...navigator, serviceWorker: { ready: Promise.resolve({ pushManager }) } });
  const put = vi.fn(async () => undefined);
  vi.stubGlobal('caches', { open: async () => ({ put }) });
  return { requestPermission, subscribe, unsubscribe, put };
}

beforeAll(() => installReact19Render());
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('NotificationSettings', () => {
  it('asks the permission only from the tap, subscribes with the server key, and off unsubscribes', async () => {
    const browser = browserWithPush('default', 'granted');
    const server = fakeServer({
      pushVapidKey: () => ({ publicKey: VAPID_KEY }),
      pushSubscribe: () => ({}),
      pushUnsubscribe: () => ({}),
    });
    renderScreen(<NotificationSettings />);
    const user = userEvent.setup();
    expect(browser.requestPermission).not.toHaveBeenCalled();

    await user.click(screen.getByRole('switch', { name: 'Show message preview' }));
    await screen.findByRole('switch', { name: 'Show message preview', checked: true });
    await user.click(screen.getByRole('switch', { name: 'New message notifications' }));
    await screen.findByRole('switch', { name: 'New message notifications', checked: true });
    expect(browser.requestPermission).toHaveBeenCalledTimes(1);
    expect(browser.subscribe).toHaveBeenCalledWith({
      userVisibleOnly: true,
      applicationServerKey: VAPID_KEY,
    });
    expect(server.called('pushSubscribe')[0]?.request).toEqual({ ...subscription, preview: true });
    // The service worker's words, in this language.
    const [, texts] = browser.put.mock.calls[0] as unknown as [string, Response];
    expect(await texts.json()).toMatchObject({ newMessage: 'New message', kinds: { IMAGE: '[Image]' } });

    await user.click(screen.getByRole('switch', { name: 'Show message preview' }));
    await screen.findByRole('switch', { name: 'Show message preview', checked: false });
    expect(server.called('pushSubscribe')[1]?.request).toEqual({ ...subscription, preview: false });

    await user.click(screen.getByRole('switch', { name: 'New message notifications' }));
    await screen.findByRole('switch', { name: 'New message notifications', checked: false });
    expect(server.called('pushUnsubscribe')[0]?.request).toEqual({ endpoint: subscription.endpoint });
    expect(browser.unsubscribe).toHaveBeenCalled();
  });

  it('says how to allow notifications once they were refused', async () => {
    browserWithPush('default', 'denied');
    fakeServer({});
    renderScreen(<NotificationSettings />);
    await userEvent.click(screen.getByRole('switch', { name: 'New message notifications' }));
    expect(await screen.findByText(/Notifications are blocked for this site/)).toBeTruthy();
    const toggle = screen.getByRole('switch', { name: 'New message notifications', checked: false });
    expect((toggle as HTMLButtonElement).disabled).toBe(true);
  });

  it('says so in a browser that cannot notify', () => {
    renderScreen(<NotificationSettings />);
    expect(screen.getByText(/This browser cannot show notifications/)).toBeTruthy();
  });
});
