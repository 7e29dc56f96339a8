import { useMutation, useQuery } from '@tanstack/react-query';
import {
  shake,
  shakeResult,
  SHAKE_WINDOW_SECONDS,
  type Coordinates,
  type ShakeResult,
} from '@paichat/protocol';
import { call } from '../request';

/**
 * Shake over `/shake/*`: a shake answers at once (matched, or waiting until the window
 * closes); while it waits, its result is asked for about once a second until it is matched or
 * over. Each shake gets its own result query, so a late answer about an earlier shake never
 * shows for a new one.
 */

export const SHAKE_POLL_MS = 1_000;
/** Polls after which a shake still "waiting" is given up: the window, and then some for slow answers. */
const MAX_POLLS = SHAKE_WINDOW_SECONDS + 10;

export interface ShakeAttempt {
  id: number;
  /** What the shake itself answered. */
  answer: ShakeResult;
  /** Polls so far (mutable: counted by the result query). */
  polls: number;
}

let attempts = 0;

/** Shakes, with the position when there is one (the server keeps only its cell). */
export function useShake() {
  return useMutation({
    mutationFn: async (position: Coordinates | undefined): Promise<ShakeAttempt> => {
      const answer = await call(shake, position ? { position } : {});
      attempts += 1;
      return { id: attempts, answer, polls: 0 };
    },
  });
}

/** How the shake `attempt` stands: its own answer, then the polled result while it waits. */
export function useShakeResult(attempt: ShakeAttempt | undefined): ShakeResult | undefined {
  const query = useQuery({
    queryKey: ['shake', 'result', attempt?.id ?? 0],
    queryFn: async ({ signal }): Promise<ShakeResult> => {
      if (!attempt || attempt.polls >= MAX_POLLS) return { status: 'none' };
      attempt.polls += 1;
      // Quiet: a poll that fails is simply asked again a second later.
      return call(shakeResult, {}, { signal, quiet: true });
    },
    enabled: attempt?.answer.status === 'waiting',
    ...(attempt ? { initialData: attempt.answer } : {}),
    staleTime: SHAKE_POLL_MS,
    gcTime: 0,
    retry: false,
    refetchInterval: (q) => (q.state.data?.status === 'waiting' ? SHAKE_POLL_MS : false),
  });
  return attempt ? query.data : undefined;
}
