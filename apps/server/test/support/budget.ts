/**
 * How long a test waits for each step that starts or stops a process, sized for a 2-core
 * machine with another load beside the suite (tsx compiles the server at every start, and the
 * suite's other projects run at the same time). The helpers that take a step wait this long
 * for it; a test that takes such steps sets its own timeout to the sum of its steps with
 * `budget`, never to the project's default, which is sized for tests that stay in-process.
 */
export const STEP_MS = {
  /** A server process or command, from spawn to listening, to its exit or to its refusal. */
  process: 40_000,
  /** A redis-server of the test's own, from spawn to answering PING. */
  redis: 10_000,
  /** nginx, from spawn to passing a health check through to a node. */
  nginx: 15_000,
  /** A running server's requests and sockets in a test: sign-ups, friends, a few sends. */
  requests: 20_000,
} as const;

/** A test's timeout: the sum of the waits it makes, each named where it is made. */
export const budget = (...stepsMs: number[]): number => stepsMs.reduce((sum, ms) => sum + ms, 0);
