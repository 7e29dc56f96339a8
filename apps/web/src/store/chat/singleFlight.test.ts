import { describe, expect, it } from 'vitest';
import { SingleFlight } from './singleFlight';

/** A run that waits until the test lets it finish. */
function gatedRuns() {
  const gates: (() => void)[] = [];
  let runs = 0;
  const run = () =>
    new Promise<void>((resolve) => {
      runs += 1;
      gates.push(resolve);
    });
  const finish = async () => {
    gates.shift()?.();
    await Promise.resolve();
    await Promise.resolve();
  };
  return { run, finish, runs: () => runs };
}

describe('SingleFlight', () => {
  it('runs once more when asked during a run, however many times it was asked', async () => {
    const { run, finish, runs } = gatedRuns();
    const flight = new SingleFlight(run);
    const first = flight.request();
    const second = flight.request();
    void flight.request();
    expect(second).toBe(first);
    expect(runs()).toBe(1);
    await finish();
    expect(runs()).toBe(2);
    await finish();
    await first;
    expect(flight.busy).toBe(false);
  });

  it('joins the run under way without asking for another', async () => {
    const { run, finish, runs } = gatedRuns();
    const flight = new SingleFlight(run);
    const first = flight.join();
    expect(flight.join()).toBe(first);
    await finish();
    await first;
    expect(runs()).toBe(1);
  });

  it('does not run again once told not to (a stopped engine)', async () => {
    const { run, finish, runs } = gatedRuns();
    let mayRunAgain = true;
    const flight = new SingleFlight(run, () => mayRunAgain);
    const first = flight.request();
    void flight.request();
    mayRunAgain = false;
    await finish();
    await first;
    expect(runs()).toBe(1);
  });

  it('is free again after a run fails', async () => {
    let fail = true;
    const flight = new SingleFlight(async () => {
      if (fail) throw new Error('offline');
    });
    await expect(flight.request()).rejects.toThrow('offline');
    fail = false;
    await expect(flight.request()).resolves.toBeUndefined();
  });
});
