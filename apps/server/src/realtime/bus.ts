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
      /** Whose session it is: the event goes only to the nodes holding this user's sockets. */
      userId: string;
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

export type BusHealth = 'local' | 'ok' | 'down';

export interface Bus {
  publish(event: BusEvent): Promise<void>;
  /** Returns the unsubscribe function. */
  subscribe(handler: BusHandler): () => void;
  /**
   * This node now holds a socket of the user: resolves once the user's events reach this
   * node (a bus that routes by user subscribes here). Each call is matched by one `unwatch`.
   */
  watch(userId: string): Promise<void>;
  unwatch(userId: string): void;
  /**
   * Runs `handler` when events for this node may have been missed (its link to the bus was lost
   * and is back): the gateway then closes its sockets so that clients reconnect and catch up.
   */
  onMissed(handler: () => void): () => void;
  /** For /healthz: 'local' (in-process), or whether the link to the shared bus is up. */
  health(): BusHealth;
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

  /** Every event reaches this process: nothing to subscribe to. */
  watch(): Promise<void> {
    return Promise.resolve();
  }

  unwatch(): void {}

  /** Nothing between publisher and subscriber can fail. */
  onMissed(): () => void {
    return () => {};
  }

  health(): BusHealth {
    return 'local';
  }

  async close(): Promise<void> {
    this.closed = true;
    this.handlers.clear();
  }
}
