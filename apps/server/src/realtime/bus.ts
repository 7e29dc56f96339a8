/**
 * Everything a node must do to sockets it may not hold. A user's sockets can sit on any
 * node, so services never touch the connection registry: they publish here and every
 * node's gateway applies the event to the sockets it holds. Events are plain JSON so a
 * Redis bus can carry them unchanged.
 */
export type BusEvent =
  | {
      type: 'push';
      userIds: string[];
      /**
       * The `ServerPush` frame as JSON, serialized once by the publisher: every socket gets
       * these exact bytes, and no node re-encodes or copies the object per subscriber.
       */
      payload: string;
      /** Sockets of these sessions are skipped (e.g. the device that caused the notice). */
      exceptSessionIds?: string[];
    }
  | {
      type: 'closeSession';
      sessionId: string;
      code: number;
      reason: string;
    }
  | {
      /** Closes these sockets (ids from the sockets table) of the user, wherever they are. */
      type: 'closeSockets';
      userId: string;
      socketIds: string[];
      code: number;
      reason: string;
    };

export type BusHandler = (event: BusEvent) => void;

export interface Bus {
  publish(event: BusEvent): Promise<void>;
  /** Returns the unsubscribe function. */
  subscribe(handler: BusHandler): () => void;
  close(): Promise<void>;
}

/**
 * The in-process bus of a single node. Delivery is asynchronous (a microtask later), as it
 * is over Redis, so no caller comes to rely on a push having happened before publish returns.
 */
export class LocalBus implements Bus {
  private readonly handlers = new Set<BusHandler>();
  private closed = false;

  constructor(private readonly onHandlerError: (error: unknown) => void = () => {}) {}

  async publish(event: BusEvent): Promise<void> {
    if (this.closed) return;
    // A copy, so a subscriber cannot see (or cause) mutations a remote one would not.
    const copy = structuredClone(event);
    await Promise.resolve();
    for (const handler of this.handlers) {
      try {
        handler(copy);
      } catch (error) {
        this.onHandlerError(error);
      }
    }
  }

  subscribe(handler: BusHandler): () => void {
    this.handlers.add(handler);
    return () => this.handlers.delete(handler);
  }

  async close(): Promise<void> {
    this.closed = true;
    this.handlers.clear();
  }
}
