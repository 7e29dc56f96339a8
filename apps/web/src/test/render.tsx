import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { vi } from 'vitest';
import { NavContext, type Nav } from '../nav';

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

/** Renders a screen the way the app does: query cache, navigation helpers, a router location. */
export function renderScreen(
  ui: ReactElement,
  { nav = stubNav(), path = '/' }: { nav?: Nav; path?: string } = {},
) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const result = render(
    <QueryClientProvider client={client}>
      <NavContext value={nav}>
        <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
      </NavContext>
    </QueryClientProvider>,
  );
  return { ...result, nav, client };
}

export const envelope = (data: unknown, code = 200, extra: Record<string, unknown> = {}) =>
  new Response(JSON.stringify({ code, msg: code === 200 ? 'ok' : 'failed', data, ...extra }), {
    status: 200,
  });
