/**
 * A chat client that behaves as the web app does under faults, for the fault tests: it sends
 * with a clientMsgId and retries the same one on any failure (a 502 of the proxy, a reset
 * connection); its socket reconnects after every close (a fresh ticket, through the proxy, so
 * to whichever node is up) and, once ready, catches up by seq; a push with a gap triggers the
 * same catch-up. What it shows of its one chat is `shown`, in seq order.
 *
 * It is strict about seqs: it moves on over a seq only when it received its message or the
 * server named it empty (`emptySeqs`), so a gap the server leaves unexplained keeps it waiting.
 */
import WebSocket from 'ws';

interface Envelope<T> {
  code: number;
  data: T;
}

interface Shown {
  msgId: string;
  seq: number;
  clientMsgId?: string;
  fromUserId: string;
}

const RECONNECT_MS = 200;

export class ChatClient {
  /** The chat as shown, ascending by seq; never two entries with one seq. */
  readonly shown: Shown[] = [];
  /** clientMsgIds the server acknowledged (status '0'), in send order. */
  readonly acked: string[] = [];
  /** SOCKET_READY frames received (one per connection that got in). */
  readies = 0;
  /** The close code of every socket of this client that closed. */
  readonly closeCodes: number[] = [];
  /** Sends tried again after a failure (a proxy's 502, a dropped connection). */
  retries = 0;
  private held: number;
  private readonly syncLimit: number;
  private socket: WebSocket | null = null;
  private stopped = false;
  private syncing: Promise<void> | null = null;
  private syncAgain = false;

  constructor(
    private readonly baseUrl: string,
    readonly userId: string,
    readonly token: string,
    readonly chatId: string,
    /** `held`: the seq this device held up to when it went offline; `syncLimit`: its catch-up page size. */
    { held = 0, syncLimit = 100 }: { held?: number; syncLimit?: number } = {},
  ) {
    this.held = held;
    this.syncLimit = syncLimit;
  }

  /** The chat is held, without a gap, up to this seq. */
  get heldSeq(): number {
    return this.held;
  }

  async post<T>(path: string, body: unknown): Promise<Envelope<T>> {
    const response = await fetch(`${this.baseUrl}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        device: 'H5',
        version: '1.2.2',
        authorization: this.token,
      },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
    return (await response.json()) as Envelope<T>;
  }

  /** Sends until acknowledged, with one clientMsgId however many tries it takes. */
  async send(toUserId: string, text: string, clientMsgId: string, deadline: number): Promise<void> {
    for (;;) {
      try {
        const answer = await this.post<{ status: string }>('/chat/sendMsg', {
          userId: toUserId,
          msgType: 'TEXT',
          content: { text },
          clientMsgId,
        });
        if (answer.code === 200 && answer.data.status === '0') {
          this.acked.push(clientMsgId);
          return;
        }
        throw new Error(`refused: ${JSON.stringify(answer)}`);
      } catch (error) {
        if (Date.now() > deadline) throw error;
        this.retries += 1;
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  }

  connect(): void {
    if (this.stopped) return;
    void (async () => {
      let url: string;
      try {
        const { data } = await this.post<{ ticket: string }>('/auth/socketTicket', {});
        url = `${this.baseUrl.replace(/^http/, 'ws')}/ws?Authorization=${encodeURIComponent(data.ticket)}`;
      } catch {
        setTimeout(() => this.connect(), RECONNECT_MS);
        return;
      }
      const ws = new WebSocket(url);
      this.socket = ws;
      ws.on('message', (data) => this.onFrame(data.toString()));
      ws.on('error', () => {});
      ws.on('close', (code) => {
        this.closeCodes.push(code);
        if (this.socket === ws) this.socket = null;
        setTimeout(() => this.connect(), RECONNECT_MS);
      });
    })();
  }

  private onFrame(text: string): void {
    if (text.includes('"noticeType":"SOCKET_READY"')) {
      this.readies += 1;
      void this.catchUp();
      return;
    }
    if (!text.startsWith('{"pushType":"MSG"')) return;
    const push = JSON.parse(text) as {
      chatId: string;
      seq: number;
      msgId: string;
      clientMsgId?: string;
      msgContent: { fromId: string };
    };
    if (push.chatId !== this.chatId || push.seq <= this.held) return;
    if (push.seq === this.held + 1 && !this.syncing) this.show(push, push.msgContent.fromId);
    else void this.catchUp();
  }

  private show(message: { seq: number; msgId: string; clientMsgId?: string }, fromUserId: string): void {
    this.held = message.seq;
    this.shown.push({
      msgId: message.msgId,
      seq: message.seq,
      fromUserId,
      ...(message.clientMsgId ? { clientMsgId: message.clientMsgId } : {}),
    });
  }

  /** Everything after the held seq, page by page; one at a time, again if asked meanwhile. */
  catchUp(): Promise<void> {
    if (this.syncing) {
      this.syncAgain = true;
      return this.syncing;
    }
    this.syncing = (async () => {
      do {
        this.syncAgain = false;
        for (;;) {
          let page: Envelope<{
            list: { seq: number; msgId: string; clientMsgId: string; fromId: string }[];
            hasMore: boolean;
            emptySeqs?: { fromSeq: number; toSeq: number }[];
          }>;
          try {
            page = await this.post('/chat/syncMessages', {
              chatId: this.chatId,
              afterSeq: this.held,
              limit: this.syncLimit,
            });
          } catch {
            await new Promise((r) => setTimeout(r, RECONNECT_MS));
            continue;
          }
          const empty = page.data.emptySeqs ?? [];
          for (const message of page.data.list) {
            this.skipEmpty(empty);
            if (message.seq === this.held + 1) this.show(message, message.fromId);
          }
          this.skipEmpty(empty);
          if (!page.data.hasMore) break;
        }
      } while (this.syncAgain);
    })().finally(() => {
      this.syncing = null;
    });
    return this.syncing;
  }

  /** Moves over a range named empty that starts right after the held seq. */
  private skipEmpty(empty: { fromSeq: number; toSeq: number }[]): void {
    for (const range of empty)
      if (range.fromSeq <= this.held + 1 && range.toSeq > this.held) this.held = range.toSeq;
  }

  stop(): void {
    this.stopped = true;
    this.socket?.terminate();
  }
}
