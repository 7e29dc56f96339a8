import type { WebSocket } from 'ws';
import { describe, expect, it } from 'vitest';
import { ConnectionRegistry, type Connection } from './registry';

let socketIds = 0;
const connection = (userId: string, sessionId: string): Connection => ({
  socket: {} as WebSocket,
  socketId: String(++socketIds),
  userId,
  sessionId,
  lastSeen: 0,
  expiresAt: Number.MAX_SAFE_INTEGER,
});

describe('ConnectionRegistry', () => {
  it('indexes sockets by user and by session', () => {
    const registry = new ConnectionRegistry();
    const phone = connection('1', 'a');
    const tab1 = connection('1', 'b');
    const tab2 = connection('1', 'b');
    const other = connection('2', 'c');
    for (const c of [phone, tab1, tab2, other]) registry.add(c);
    expect(registry.size).toBe(4);
    expect(registry.forUser('1')).toEqual([phone, tab1, tab2]);
    expect(registry.forSession('b')).toEqual([tab1, tab2]);
    expect(registry.forUser('3')).toEqual([]);

    registry.remove(tab1);
    registry.remove(tab1);
    expect(registry.forSession('b')).toEqual([tab2]);
    registry.remove(tab2);
    registry.remove(phone);
    expect(registry.forUser('1')).toEqual([]);
    expect(registry.forSession('b')).toEqual([]);
    expect(registry.all()).toEqual([other]);
  });

  it('answers who it holds without copying, and a visited socket can leave mid-iteration', () => {
    const registry = new ConnectionRegistry();
    const [a, b, c] = [connection('7', 'x'), connection('7', 'y'), connection('7', 'z')];
    for (const each of [a, b, c]) registry.add(each);
    expect(registry.holds('7')).toBe(true);
    expect(registry.holds('8')).toBe(false);
    const visited: Connection[] = [];
    for (const each of registry.ofUser('7')) {
      visited.push(each);
      // As the push loop does with a slow consumer.
      registry.remove(each);
    }
    expect(visited).toEqual([a, b, c]);
    expect(registry.holds('7')).toBe(false);
    expect([...registry.ofUser('7')]).toEqual([]);
  });
});
