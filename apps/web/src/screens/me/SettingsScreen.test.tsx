import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installReact19Render } from '../../lib/ui';
import { setLocale } from '../../i18n';
import { renderScreen, stubSession } from '../../test/render';
import { QueryClient } from '@tanstack/react-query';
import { ChatLifecycle, ChatLifecycleContext } from '../../store/chat/lifecycle';
import { dialogShowing } from '../../test/dialogs';
import { ChatEngineProvider } from '../../store/chat/hooks';
import { createWorld, expectNoErrors, onlineEngine } from '../../store/chat/testing/harness';
import { addModuleCss } from '../../test/moduleCss';
import infoList from '../../components/InfoList.module.css';
import { SettingsScreen } from './SettingsScreen';

const session = stubSession();
const { signOut } = session;

const links = {
  language: '/lang',
  password: '/pass',
  accounts: '/accounts',
  agreement: '/agreement',
  intro: '/intro',
};

beforeAll(() => installReact19Render());
afterEach(async () => {
  await setLocale('en');
  localStorage.clear();
});

describe('SettingsScreen', () => {
  it('opens Language (showing the current one), Set Password and Accounts', async () => {
    const user = userEvent.setup();
    const { nav } = renderScreen(<SettingsScreen links={links} />, { session });
    expect(screen.getByRole('heading', { name: 'Settings' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Language', description: 'English' }));
    expect(nav.navigateTo).toHaveBeenCalledWith('/lang');
    await user.click(screen.getByRole('button', { name: 'Set Password' }));
    expect(nav.navigateTo).toHaveBeenCalledWith('/pass');
    await user.click(screen.getByRole('button', { name: 'Accounts' }));
    expect(nav.navigateTo).toHaveBeenCalledWith('/accounts');
    await user.click(screen.getByRole('button', { name: 'Privacy & Service Agreement' }));
    expect(nav.navigateTo).toHaveBeenCalledWith('/agreement');
  });

  it('says what the app is: its name, version 1.2.2 (122) and device H5; About opens the Intro', async () => {
    const { nav } = renderScreen(<SettingsScreen links={links} />, { session });
    const about = screen.getByRole('button', { name: 'About' });
    expect(about.textContent).toContain('PaiChat, version 1.2.2 (122), device H5');
    await userEvent.click(about);
    expect(nav.navigateTo).toHaveBeenCalledWith('/intro');
  });

  it('shows the About line whole, wrapping under its label, in a long language too', async () => {
    onTestFinished(addModuleCss(join(import.meta.dirname, '../../components/InfoList.module.css'), infoList));
    await setLocale('ru');
    renderScreen(<SettingsScreen links={links} />, { session });
    const about = screen.getByRole('button', {
      name: 'О приложении',
      description: 'PaiChat, версия 1.2.2 (122), устройство H5',
    });
    const value = document.getElementById(about.getAttribute('aria-describedby') ?? '') as HTMLElement;
    // Wrapped, not cut to one line with an ellipsis (as a narrow phone showed it).
    expect(getComputedStyle(value).whiteSpace).toBe('normal');
  });

  it('clears the chats stored on this browser only once confirmed', async () => {
    const chats = new ChatLifecycle({ queryClient: new QueryClient(), toast: () => undefined });
    vi.spyOn(chats, 'clearCache').mockResolvedValue();
    renderScreen(
      <ChatLifecycleContext value={chats}>
        <SettingsScreen links={links} />
      </ChatLifecycleContext>,
      { session },
    );
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    await user.click(screen.getByRole('button', { name: 'Clear cache' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Messages not sent yet are discarded.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(chats.clearCache).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Clear cache' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Clear' }));
    expect(await screen.findByText('Cache cleared')).toBeTruthy();
    expect(chats.clearCache).toHaveBeenCalledOnce();
  });

  it('signs out anyway, once told that a message has not been sent yet', async () => {
    const world = createWorld();
    const engine = await onlineEngine(world);
    world.device.online = false;
    await engine.send(world.ab, 'TEXT', { text: 'lost' });
    const leaving = stubSession();
    renderScreen(
      <ChatEngineProvider engine={engine}>
        <SettingsScreen links={links} />
      </ChatEngineProvider>,
      { session: leaving },
    );
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    const dialog = await dialogShowing(
      '1 message has not been sent yet and will be lost if you sign out. Stay, and it is sent once the network is back.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Sign out anyway' }));
    await waitFor(() => expect(leaving.signOut).toHaveBeenCalledOnce());
    await engine.stop();
    expectNoErrors();
  });

  it('signs out after confirmation, the same way as the Me tab', async () => {
    renderScreen(<SettingsScreen links={links} />, { session });
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(signOut).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(signOut).toHaveBeenCalledOnce());
  });

  it('follows the interface language', async () => {
    renderScreen(<SettingsScreen links={links} />, { session });
    await setLocale('de');
    expect(await screen.findByRole('heading', { name: 'Einstellungen' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sprache', description: 'Deutsch' })).toBeTruthy();
  });
});
