import type { AppenderOptions } from '../../src/modules/chats/appender';

/**
 * Controls the moment between a batch of sends committing and its senders hearing of it (the
 * appender's `afterCommit` hook): a test can hold it open while it changes the group, or lose
 * the reply of a commit, as a dropped connection would.
 */
export function commitGate() {
  type Next = { kind: 'hold'; committed: () => void; released: Promise<void> } | { kind: 'lose' };
  let next: Next | null = null;
  let release = () => {};

  const afterCommit: NonNullable<AppenderOptions['afterCommit']> = async () => {
    const now = next;
    next = null;
    if (now?.kind === 'lose') throw new Error('the reply to COMMIT was lost');
    if (now?.kind === 'hold') {
      now.committed();
      await now.released;
    }
  };

  return {
    afterCommit,
    /** The next batch waits after its commit until release(); resolves once it has committed. */
    hold(): Promise<void> {
      return new Promise<void>((committed) => {
        const released = new Promise<void>((resolve) => {
          release = resolve;
        });
        next = { kind: 'hold', committed, released };
      });
    },
    release: () => release(),
    /** Lets a held batch go and forgets what was asked for the next one (after each test). */
    reset(): void {
      next = null;
      release();
    },
    /** The next batch is stored, but its senders hear an error (HTTP 500), as if COMMIT's reply was lost. */
    loseNext(): void {
      next = { kind: 'lose' };
    },
  };
}
