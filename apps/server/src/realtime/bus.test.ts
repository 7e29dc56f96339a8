import type { NoticePush } from '@paichat/protocol';
import { describe, expect, it } from 'vitest';
import { LocalBus, type BusEvent } from './bus';
import { closeSessionSockets, pushToUsers } from './push';

const notice: NoticePush = {
  pushType: 'NOTICE',
  noticeType: 'LOGIN_ELSEWHERE',
  msgContent: { device: 'H5', time: 1 },
  createTime: 1,
};

describe('LocalBus', () => {
  it('delivers every event to every subscriber, after publish was called', async () => {
    const bus = new LocalBus();
    const a: BusEvent[] = [];
    const b: BusEvent[] = [];
    bus.subscribe((e) => a.push(e));
    bus.subscribe((e) => b.push(e));
    const delivered = pushToUsers(bus, ['1', '2', '1'], notice, { exceptSessionIds: ['9'] });
    expect(a).toEqual([]);
    await delivered;
    const expected: BusEvent = {
      type: 'push',
      userIds: ['1', '2'],
      payload: JSON.stringify(notice),
      exceptSessionIds: ['9'],
    };
    expect(a).toEqual([expected]);
    expect(b).toEqual([expected]);
  });

  it('hands each subscriber a copy, like a remote bus would', async () => {
    const bus = new LocalBus();
    const seen: BusEvent[] = [];
    bus.subscribe((e) => {
      if (e.type === 'push') e.userIds.push('mutated');
    });
    bus.subscribe((e) => seen.push(e));
    const event: BusEvent = {
      type: 'closeSession',
      userId: '1',
      sessionId: '5',
      code: 4002,
      reason: 'Signed out',
    };
    await bus.publish(event);
    await pushToUsers(bus, ['1'], notice);
    expect(seen[0]).toEqual(event);
    expect(seen[0]).not.toBe(event);
    expect(seen[1]).toMatchObject({ userIds: ['1', 'mutated'] });
  });

  it('keeps delivering when one subscriber throws, and reports the error', async () => {
    const errors: unknown[] = [];
    const bus = new LocalBus((e) => errors.push(e));
    const seen: BusEvent[] = [];
    bus.subscribe(() => {
      throw new Error('bad subscriber');
    });
    bus.subscribe((e) => seen.push(e));
    await closeSessionSockets(bus, '1', '1', 4002, 'Signed out');
    expect(seen).toHaveLength(1);
    expect(errors).toHaveLength(1);
  });

  it('stops delivering after unsubscribe and after close', async () => {
    const bus = new LocalBus();
    const seen: BusEvent[] = [];
    const unsubscribe = bus.subscribe((e) => seen.push(e));
    unsubscribe();
    await pushToUsers(bus, ['1'], notice);
    bus.subscribe((e) => seen.push(e));
    await bus.close();
    await pushToUsers(bus, ['1'], notice);
    expect(seen).toEqual([]);
  });

  it('publishes nothing for no users', async () => {
    const bus = new LocalBus();
    const seen: BusEvent[] = [];
    bus.subscribe((e) => seen.push(e));
    await pushToUsers(bus, [], notice);
    expect(seen).toEqual([]);
  });
});
