import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { vi, type Mock } from 'vitest';
import { createStore } from 'zustand';
import { NavContext, type Nav } from '../nav';
import { SessionContext, type Session } from '../store/session';

/** A navigator that records what screens ask for and always agrees. */
export function stubNav(): Nav & { [K in keyof Nav]: ReturnType<typeof vi.fn> } {
  const ok = (to: string) => ({ ok: true as const, to, notFound: false });
  return {
    navigateTo: vi.fn(ok),
    redirectTo: vi.fn(ok),
    switchTab: vi.fn(ok),
    reLaunch: vi.fn(ok),
    navigateBack: vi.fn(() => ok('')),
  };
}

type Recorded = 'resume' | 'signIn' | 'signOut' | 'endExpired' | 'clear';
type StubSession = Omit<Session, Recorded> & { [K in Recorded]: Mock<Session[K]> };

/** A session that records what screens ask of it (signed in with `token`, or signed out). */
export function stubSession(token: string | null = 'token'): StubSession {
  const tokens = createStore<{ token: string | null }>()(() => ({ token }));
  return {
    tokens,
    resume: vi.fn<Session['resume']>(),
    signIn: vi.fn(async (next: string) => tokens.setState({ token: next })),
    signOut: vi.fn(async () => tokens.setState({ token: null })),
    endExpired: vi.fn(() => tokens.setState({ token: null })),
    clear: vi.fn(async () => tokens.setState({ token: null })),
    discardDeviceChats: async () => undefined,
  };
}

/**
 * Renders a screen the way the app does: query cache, session, navigation helpers, a router
 * location. `from` is the page the app showed before, when the screen was navigated to; without
 * it the app opened on the screen (a link from outside landed there).
 */
export function renderScreen(
  ui: ReactElement,
  {
    nav = stubNav(),
    path = '/',
    from,
    session = stubSession(),
  }: { nav?: Nav; path?: string; from?: string; session?: StubSession } = {},
) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const result = render(
    <QueryClientProvider client={client}>
      <SessionContext value={session}>
        <NavContext value={nav}>
          <MemoryRouter initialEntries={from === undefined ? [path] : [from, path]}>{ui}</MemoryRouter>
        </NavContext>
      </SessionContext>
    </QueryClientProvider>,
  );
  return { ...result, nav, client, session };
}

export const envelope = (data: unknown, code = 200, extra: Record<string, unknown> = {}) =>
  new Response(JSON.stringify({ code, msg: code === 200 ? 'ok' : 'failed', data, ...extra }), {
    status: 200,
  });
