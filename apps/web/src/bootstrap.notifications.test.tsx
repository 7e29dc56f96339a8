import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bootstrap } from './bootstrap';
import { setLocale } from './i18n';
import { renderScreen } from './test/render';
import { LanguageScreen } from './screens/me/LanguageScreen';

/**
 * A browser where this device's notifications are on (as Settings left them before a reload),
 * with the Cache Storage the service worker reads its words from.
 */
function notificationsOn() {
  vi.stubGlobal('Notification', { permission: 'granted' });
  vi.stubGlobal('PushManager', class {});
  vi.stubGlobal('navigator', { ...navigator, serviceWorker: {} });
  localStorage.setItem('paichat.notifications', 'on');
  const stored = new Map<string, unknown>();
  vi.stubGlobal('caches', {
    open: async () => ({
      put: async (key: string, response: Response) => void stored.set(key, await response.json()),
    }),
  });
  return stored;
}

afterEach(async () => {
  vi.unstubAllGlobals();
  localStorage.clear();
  await setLocale('en');
});

describe("the service worker's notification words, as the app wires them", () => {
  it('follow a language chosen on Me → Language, Settings never opened', async () => {
    const stored = notificationsOn();
    bootstrap();
    renderScreen(<LanguageScreen />);
    await userEvent.click(screen.getByRole('radio', { name: 'Français' }));
    await vi.waitFor(() =>
      expect(stored.get('/notification-texts.json')).toMatchObject({
        newMessage: 'Nouveau message',
        friendRequestFrom: '{{name}} souhaite vous ajouter comme ami',
      }),
    );
  });
});
