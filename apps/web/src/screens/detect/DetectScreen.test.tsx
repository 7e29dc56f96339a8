import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import type { AuthProviders } from '@paichat/protocol';
import { fakeServer } from '../../test/fakeServer';
import { renderScreen } from '../../test/render';
import { AUTO_CONTINUE_MS, DetectScreen } from './DetectScreen';

const PI_BROWSER = 'Mozilla/5.0 (Linux; Android 13) Chrome/120 Mobile PiBrowser/1.7.0';
const providers = (pi: boolean): AuthProviders => ({ pi, piSandbox: false, google: true, twitter: true });

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

async function continuesTo(userAgent: string | null, pi: boolean): Promise<unknown> {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  if (userAgent) vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(userAgent);
  fakeServer({ getAuthProviders: () => providers(pi) });
  const { nav } = renderScreen(<DetectScreen loginUrl="/login" piLoginUrl="/pi" />);
  await screen.findByRole('heading', { name: userAgent ? 'Pi Browser' : 'Normal browser' });
  await vi.waitFor(() => {
    vi.advanceTimersByTime(AUTO_CONTINUE_MS);
    expect(nav.reLaunch).toHaveBeenCalledOnce();
  });
  return vi.mocked(nav.reLaunch).mock.calls[0]?.[0];
}

describe('DetectScreen', () => {
  it('takes the Pi Browser to Pi login when the server offers it', async () => {
    expect(await continuesTo(PI_BROWSER, true)).toBe('/pi');
  });

  it('takes the Pi Browser to the login form when the server offers no Pi login', async () => {
    expect(await continuesTo(PI_BROWSER, false)).toBe('/login');
  });

  it('takes a normal browser to the login form, whatever window.Pi says', async () => {
    window.Pi = { init: vi.fn(), authenticate: vi.fn() };
    try {
      expect(await continuesTo(null, true)).toBe('/login');
    } finally {
      delete window.Pi;
    }
  });
});
