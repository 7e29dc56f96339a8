import 'fake-indexeddb/auto';
import { afterEach, expect } from 'vitest';
import { cleanup } from '@testing-library/react';
import { takeBreaches } from './fakeServer';

// IndexedDB for jsdom (the chat store): fake-indexeddb puts its classes on the global scope,
// which idb needs; a test that wants a fresh database passes its own `new IDBFactory()`.

// Testing Library unmounts between tests on its own only when test globals are on; they are not.
afterEach(() => cleanup());

// A fake server answer that breaks the contract fails the test that got it.
afterEach(() => {
  expect(takeBreaches(), 'answers the real server could never give').toEqual([]);
});
