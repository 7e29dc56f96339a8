/**
 * The one place a push is told apart: each notice type goes to the handlers registered for it,
 * with its msgContent already typed by the protocol (notices.ts), and messages go to the
 * message handlers. Listeners never switch on `noticeType` themselves. A handler that throws
 * is reported and the others still run.
 */
import type { MsgPush, NoticeContent, NoticeType, ServerPush } from '@paichat/protocol';

export type NoticeHandler<T extends NoticeType> = (content: NoticeContent<T>) => void;

/** Where pushes are registered for (what listeners are given). */
export interface PushSource {
  on<T extends NoticeType>(noticeType: T, handler: NoticeHandler<T>): () => void;
  onMessage(handler: (push: MsgPush) => void): () => void;
}

export class PushRouter implements PushSource {
  private readonly notices = new Map<NoticeType, Set<(content: never) => void>>();
  private readonly messages = new Set<(push: MsgPush) => void>();

  constructor(private readonly report: (error: unknown) => void = (error) => console.error(error)) {}

  on<T extends NoticeType>(noticeType: T, handler: NoticeHandler<T>): () => void {
    const handlers = this.notices.get(noticeType) ?? new Set();
    this.notices.set(noticeType, handlers);
    handlers.add(handler);
    return () => handlers.delete(handler);
  }

  onMessage(handler: (push: MsgPush) => void): () => void {
    this.messages.add(handler);
    return () => this.messages.delete(handler);
  }

  /** Hands a push (already parsed by the socket) to the handlers of its kind. */
  dispatch(push: ServerPush): void {
    if (push.pushType === 'MSG') {
      for (const handler of [...this.messages]) this.run(() => handler(push));
      return;
    }
    const handlers = this.notices.get(push.noticeType);
    // The push's content has the type its noticeType names (the union is parsed together).
    for (const handler of [...(handlers ?? [])]) this.run(() => handler(push.msgContent as never));
  }

  private run(call: () => void): void {
    try {
      call();
    } catch (error) {
      this.report(error);
    }
  }
}
