/**
 * For screen tests: the phone loses its network, as the browser tells it (`navigator.onLine`
 * and the `online` event the app follows from its start, api/online.ts), until `back()` or the
 * end of the test.
 */
import { act } from '@testing-library/react';
import { onTestFinished, vi } from 'vitest';
import { followBrowserNetwork } from '../api/online';

export function goOffline(): { back: () => void } {
  const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  act(() => followBrowserNetwork());
  let offline = true;
  const back = () => {
    if (!offline) return;
    offline = false;
    onLine.mockRestore();
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
  };
  onTestFinished(back);
  return { back };
}
