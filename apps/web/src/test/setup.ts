// First: antd-mobile takes requestAnimationFrame when it is imported (see the module).
import './animationFrames';
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { reduceMotion } from 'antd-mobile';
import { afterAll, afterEach, expect, vi } from 'vitest';
import { act, cleanup, configure } from '@testing-library/react';
import { resetRequest } from '../api/request';
import { takeBreaches } from './fakeServer';
import { uiKit } from '../lib/ui';
import { allTexts } from '../i18n';
import { popupKit } from '../components/chat/Sheet';
import { pullToRefreshKit } from '../components/PullRefresh';
import { firstScreenDone, firstScreenShown } from '../lib/firstScreen';

// IndexedDB for jsdom (the chat store): fake-indexeddb puts its classes on the global scope,
// which idb needs; a test that wants a fresh database passes its own `new IDBFactory()`.

// findBy… and waitFor wait up to 5 s for what they look for, not Testing Library's 1 s: the
// suite shares a 2-core machine with the server's tests, and a picker or dialog that closes on
// animation frames took longer than 1 s in a CI run (the web project's test timeout is 15 s).
configure({ asyncUtilTimeout: 5_000 });

// antd-mobile's animations (dialogs, popups, toasts) end at once and its spinners stand still,
// as for a person who asks for reduced motion: jsdom draws nothing to see in between, and a
// closing dialog whose spring reached its end between two late frames sometimes never reported
// it (about one test in a thousand on a loaded machine), so it stayed in the page.
reduceMotion();

/**
 * Takes out what is still in the page besides the UI kit's one-pixel probes, which it adds once
 * and keeps (by design: they measure CSS pixels), so that the next test starts on an empty page
 * even when this one fails for leaving something.
 */
function takeLeftInPage(): string[] {
  const left = [...document.body.children].filter((node) => !node.classList.contains('adm-px-tester'));
  for (const node of left) node.remove();
  return left.map((node) => node.outerHTML.slice(0, 300));
}

// Test files share one module graph and one document (the project runs without isolation, which
// saves each file its own jsdom and imports of the UI kit). So each test leaves nothing in the
// page: its screen unmounted (Testing Library does so on its own only when test globals are on;
// they are not), the UI kit's dialogs and toasts closed and their roots unmounted. And each file
// leaves nothing for the next: its stubs, spies, storage and request set-up are undone after it.
afterEach(() => {
  vi.useRealTimers();
  cleanup();
  act(() => uiKit.current()?.unmountAll());
  expect(takeLeftInPage(), 'what a test left in the page').toEqual([]);
});
afterAll(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  resetRequest();
  localStorage.clear();
  sessionStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]!.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  globalThis.indexedDB = new IDBFactory();
});

// A fake server answer that breaks the contract fails the test that got it.
afterEach(() => {
  expect(takeBreaches(), 'answers the real server could never give').toEqual([]);
});

// The UI kit's lazily loaded parts (the bundle budget) are at hand from the start in tests, as
// they are a moment after the app starts: a toast, a sheet or a pullable list shows at once.
if (typeof document !== 'undefined')
  await Promise.all([uiKit.load(), popupKit.load(), pullToRefreshKit.load()]);
// So are all the English texts (the first pages bundle a few sections): a screen shows its own.
await allTexts.load();

// The first screen has drawn, as it has a moment after the app starts: what waits for it (the
// socket's first connection, say) goes ahead (lib/firstScreen.ts). jsdom has no idle callback;
// a test's page is idle at once.
globalThis.requestIdleCallback ??= (run) =>
  setTimeout(() => run({ didTimeout: false, timeRemaining: () => 50 })) as unknown as number;
firstScreenShown();
await firstScreenDone;
