import 'fake-indexeddb/auto';
import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';

// IndexedDB for jsdom (the chat store): fake-indexeddb puts its classes on the global scope,
// which idb needs; a test that wants a fresh database passes its own `new IDBFactory()`.

// Testing Library unmounts between tests on its own only when test globals are on; they are not.
afterEach(() => cleanup());
