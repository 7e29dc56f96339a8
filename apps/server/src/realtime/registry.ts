import type { WebSocket } from 'ws';

export interface Connection {
  socket: WebSocket;
  /** Its row in the sockets table (the ledger every node counts sockets in). */
  socketId: string;
  userId: string;
  sessionId: string;
  /** When the client last sent a frame, as `performance.now()` (monotonic). */
  lastSeen: number;
  /** When its token expires (ms since the epoch, wall clock). */
  expiresAt: number;
}

const NONE: ReadonlySet<Connection> = new Set();

/** The sockets this node holds, by user (several devices each) and by session (one token). */
export class ConnectionRegistry {
  private readonly byUser = new Map<string, Set<Connection>>();
  private readonly bySession = new Map<string, Set<Connection>>();

  add(connection: Connection): void {
    addTo(this.byUser, connection.userId, connection);
    addTo(this.bySession, connection.sessionId, connection);
  }

  remove(connection: Connection): void {
    removeFrom(this.byUser, connection.userId, connection);
    removeFrom(this.bySession, connection.sessionId, connection);
  }

  forUser(userId: string): Connection[] {
    return [...(this.byUser.get(userId) ?? [])];
  }

  /**
   * The user's sockets on this node, live and not copied (for the push loop, which runs once per
   * recipient; removing the connection being visited is safe while iterating).
   */
  ofUser(userId: string): ReadonlySet<Connection> {
    return this.byUser.get(userId) ?? NONE;
  }

  /** Whether this node holds a socket of the user. */
  holds(userId: string): boolean {
    return this.byUser.has(userId);
  }

  forSession(sessionId: string): Connection[] {
    return [...(this.bySession.get(sessionId) ?? [])];
  }

  all(): Connection[] {
    return [...this.byUser.values()].flatMap((set) => [...set]);
  }

  get size(): number {
    let n = 0;
    for (const set of this.byUser.values()) n += set.size;
    return n;
  }
}

function addTo(map: Map<string, Set<Connection>>, key: string, connection: Connection): void {
  let set = map.get(key);
  if (!set) {
    set = new Set();
    map.set(key, set);
  }
  set.add(connection);
}

function removeFrom(map: Map<string, Set<Connection>>, key: string, connection: Connection): void {
  const set = map.get(key);
  if (!set) return;
  set.delete(connection);
  if (set.size === 0) map.delete(key);
}
