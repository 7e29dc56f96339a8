import { TYPING_SIGNAL_INTERVAL_MS } from '@paichat/protocol';

/**
 * "I am typing", sent at most once every TYPING_SIGNAL_INTERVAL_MS however fast the person
 * types: the other side shows "typing…" for a while after each signal, so one every few
 * seconds keeps it up.
 */
export function typingSignal(send: () => void, now: () => number = () => Date.now()): () => void {
  let last = -Infinity;
  return () => {
    const at = now();
    if (at - last < TYPING_SIGNAL_INTERVAL_MS) return;
    last = at;
    send();
  };
}
