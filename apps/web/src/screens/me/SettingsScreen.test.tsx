import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installReact19Render } from '../../lib/ui';
import { setLocale } from '../../i18n';
import { renderScreen, stubSession } from '../../test/render';
import { SettingsScreen } from './SettingsScreen';

const session = stubSession();
const { signOut } = session;

const links = { language: '/lang', password: '/pass' };

beforeAll(() => installReact19Render());
afterEach(async () => {
  await setLocale('en');
  localStorage.clear();
});

describe('SettingsScreen', () => {
  it('opens Language (showing the current one) and Set Password', async () => {
    const user = userEvent.setup();
    const { nav } = renderScreen(<SettingsScreen links={links} />, { session });
    expect(screen.getByRole('heading', { name: 'Settings' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Language', description: 'English' }));
    expect(nav.navigateTo).toHaveBeenCalledWith('/lang');
    await user.click(screen.getByRole('button', { name: 'Set Password' }));
    expect(nav.navigateTo).toHaveBeenCalledWith('/pass');
  });

  it('says what the app is: its name and version 1.2.2', () => {
    renderScreen(<SettingsScreen links={links} />, { session });
    expect(screen.getByText('About')).toBeTruthy();
    expect(screen.getByText('PaiChat, version 1.2.2')).toBeTruthy();
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
