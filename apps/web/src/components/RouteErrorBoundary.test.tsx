import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { RouteErrorBoundary } from './RouteErrorBoundary';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function Broken(): never {
  throw new Error('render failed');
}

describe('a screen that throws', () => {
  it('shows the error page until the app moves to another page', () => {
    // React reports the caught error on the console; the page is what matters here.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const page = (key: string, content: ReactNode) => (
      <RouteErrorBoundary page={key} fallback={<p>Something went wrong</p>}>
        {content}
      </RouteErrorBoundary>
    );
    const { rerender } = render(page('a', <Broken />));
    expect(screen.getByText('Something went wrong')).toBeTruthy();
    rerender(page('a', <p>Chats</p>));
    expect(screen.getByText('Something went wrong')).toBeTruthy();
    rerender(page('b', <p>Chats</p>));
    expect(screen.getByText('Chats')).toBeTruthy();
    expect(screen.queryByText('Something went wrong')).toBeNull();
  });
});
