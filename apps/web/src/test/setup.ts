import 'fake-indexeddb/auto';
import { afterEach, expect } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
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

// Testing Library unmounts between tests on its own only when test globals are on; they are not.
afterEach(() => cleanup());

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
