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
});
