import { useEffect, useState } from 'react';

/**
 * A module kept off the first page's critical path (the bundle budget): loaded once, on first
 * need, and then at hand synchronously. A failed load is tried again on the next need.
 */
export interface LazyModule<T> {
  /** The module if it has loaded, else null. */
  current(): T | null;
  load(): Promise<T>;
}

export function lazyModule<T>(importer: () => Promise<T>): LazyModule<T> {
  let value: T | null = null;
  let pending: Promise<T> | null = null;
  return {
    current: () => value,
    load() {
      pending ??= importer().then(
        (loaded) => (value = loaded),
        (error: unknown) => {
          pending = null;
          throw error;
        },
      );
      return pending;
    },
  };
}

/** The module once loaded (re-renders then); starts loading when `wanted`. */
export function useLazyModule<T>(module: LazyModule<T>, wanted = true): T | null {
  const [value, setValue] = useState<T | null>(() => module.current());
  useEffect(() => {
    if (value || !wanted) return;
    let live = true;
    module.load().then(
      (loaded) => live && setValue(() => loaded),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [module, value, wanted]);
  return value;
}
