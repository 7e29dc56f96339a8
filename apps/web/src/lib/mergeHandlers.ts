type Handler = (...args: never[]) => void;

/**
 * Event handlers of two hooks for one element (a long press and a swipe on the same row): where
 * both handle an event, the first's runs, then the second's.
 */
export function mergeHandlers<A extends object, B extends object>(a: A, b: B): A & B {
  const first = a as Record<string, unknown>;
  const second = b as Record<string, unknown>;
  const merged: Record<string, unknown> = { ...first, ...second };
  for (const key of Object.keys(first)) {
    const one = first[key];
    const two = second[key];
    if (typeof one === 'function' && typeof two === 'function')
      merged[key] = (...args: never[]) => {
        (one as Handler)(...args);
        (two as Handler)(...args);
      };
  }
  return merged as A & B;
}
