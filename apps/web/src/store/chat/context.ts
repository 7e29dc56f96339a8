/**
 * What the parts of the chat engine share: the store they all change chats through, the
 * server, and each other. The engine makes one and hands it to every part; a part reaches
 * another only through it, by name (`ctx.sync.fetchSession(…)`), never through callbacks.
 */
import type { CatchUp } from './catchUp';
import type { ChatStore } from './chatStore';
import type { History } from './history';
import type { Outbox } from './outbox';
import type { Reads } from './reads';
import type { Translate } from './texts';
import type { ChatTransport } from './transport';

export interface ChatContext {
  readonly store: ChatStore;
  readonly transport: ChatTransport;
  readonly t: Translate;
  readonly now: () => number;
  /** Whether the page is visible (a chat open on a hidden page does not read). */
  readonly isVisible: () => boolean;
  readonly sync: CatchUp;
  readonly history: History;
  readonly reads: Reads;
  readonly outbox: Outbox;
}

/** Thrown by a part that finds the engine stopped after a request came back; never reported. */
export const stoppedError = () => new Error('chat engine stopped');
