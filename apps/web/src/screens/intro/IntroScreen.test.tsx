import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderScreen, stubSession } from '../../test/render';
import { IntroScreen } from './IntroScreen';

const links = { login: '/wl/login/index', signUp: '/wx/register/index', home: '/wx/tabbar1/index' };

describe('IntroScreen', () => {
  it('is titled PaiChat and says what it is', () => {
    renderScreen(<IntroScreen links={links} />, { session: stubSession(null) });
    expect(screen.getByRole('heading', { level: 1, name: 'PaiChat' })).toBeTruthy();
    expect(screen.getByText(/open-source messenger for your phone's browser/)).toBeTruthy();
    const features = screen.getByRole('list');
    expect(features.textContent).toContain('Chat one-to-one and in groups');
    expect(features.textContent).toContain('Find friends by their PipID');
    expect(features.textContent).toContain('Share moments with your friends');
    expect(features.textContent).toContain('Use it in 15 languages');
    expect(features.textContent).toContain('Open source');
  });

  it('leads someone signed out to sign in or sign up', async () => {
    const { nav } = renderScreen(<IntroScreen links={links} />, { session: stubSession(null) });
    expect(screen.queryByRole('button', { name: 'Go to my chats' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(nav.navigateTo).toHaveBeenCalledWith('/wl/login/index');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(nav.navigateTo).toHaveBeenCalledWith('/wx/register/index');
  });

  it('takes someone signed in to their chats, the Message tab', async () => {
    const { nav } = renderScreen(<IntroScreen links={links} />, { session: stubSession('token') });
    expect(screen.queryByRole('button', { name: 'Log in' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Go to my chats' }));
    expect(nav.switchTab).toHaveBeenCalledWith('/wx/tabbar1/index');
  });
});
