/**
 * A TCP proxy between a test server and PostgreSQL that breaks connections on purpose.
 *
 * It reads just enough of the wire protocol to see every statement the server sends (the
 * simple protocol's Query 'Q' and the extended protocol's Parse 'P'), and asks the test's
 * rule what to do with it:
 * - `pass`: forward it;
 * - `reset`: forward it, then reset the connection (TCP RST) before any answer comes back: a
 *   statement cut mid-flight, whose transaction PostgreSQL rolls back;
 * - `lose-reply`: forward it, let PostgreSQL answer in full (ReadyForQuery), withhold that
 *   answer and reset: for a COMMIT, a transaction that is stored though its client never hears so.
 *
 * A connection starts with one untyped message (startup, or an SSL/GSS request first); every
 * message after that, both ways, is a type byte and a 32-bit length that counts itself.
 */
import net from 'node:net';

export type ProxyAction = 'pass' | 'reset' | 'lose-reply';

export interface PgProxy {
  /** postgres://… to the proxy, with the path and query of the target URL. */
  url: string;
  /** Decides, per statement, what happens to it (from now on; `pass` until set). */
  rule: (sql: string) => ProxyAction;
  /** How many connections were reset, and how many of them after withholding an answer. */
  readonly resets: number;
  readonly lostReplies: number;
  close(): Promise<void>;
}

const SSL_REQUEST = 80877103;
const GSSENC_REQUEST = 80877104;
const READY_FOR_QUERY = 0x5a; // 'Z'

/** Splits a byte stream into whole messages; `typed` says whether they carry a type byte. */
class MessageReader {
  private pending: Buffer = Buffer.alloc(0);

  constructor(public typed: boolean) {}

  /** Feeds bytes; answers every message now complete, whole (type, length and body). */
  push(chunk: Buffer): Buffer[] {
    this.pending = this.pending.length === 0 ? chunk : Buffer.concat([this.pending, chunk]);
    const out: Buffer[] = [];
    for (;;) {
      const header = this.typed ? 5 : 4;
      if (this.pending.length < header) break;
      const size = (this.typed ? 1 : 0) + this.pending.readInt32BE(this.typed ? 1 : 0);
      if (this.pending.length < size) break;
      out.push(this.pending.subarray(0, size));
      this.pending = this.pending.subarray(size);
    }
    return out;
  }
}

/** The statement text a frontend message carries, if it is a Query or a Parse. */
function statementOf(message: Buffer): string | null {
  const type = String.fromCharCode(message[0] ?? 0);
  const body = message.subarray(5);
  if (type === 'Q') return body.toString('utf8', 0, body.indexOf(0));
  if (type === 'P') {
    const query = body.subarray(body.indexOf(0) + 1);
    return query.toString('utf8', 0, query.indexOf(0));
  }
  return null;
}

export async function startPgProxy(targetUrl: string): Promise<PgProxy> {
  const target = new URL(targetUrl);
  const open = new Set<net.Socket>();
  let resets = 0;
  let lostReplies = 0;

  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    open.add(client);
    open.add(upstream);
    const frontend = new MessageReader(false);
    const backend = new MessageReader(true);
    let broken = false;
    let losing = false;

    const reset = () => {
      if (broken) return;
      broken = true;
      resets += 1;
      client.resetAndDestroy();
      upstream.destroy();
    };

    client.on('data', (chunk: Buffer) => {
      if (broken) return;
      for (const message of frontend.push(chunk)) {
        if (!frontend.typed) {
          // Startup (or cancel) ends the untyped part; an SSL/GSS request comes before it.
          const code = message.readInt32BE(4);
          if (code !== SSL_REQUEST && code !== GSSENC_REQUEST) frontend.typed = true;
          upstream.write(message);
          continue;
        }
        const sql = statementOf(message);
        const action = sql === null || losing ? 'pass' : proxy.rule(sql);
        upstream.write(message);
        if (action === 'reset') return reset();
        if (action === 'lose-reply') losing = true;
      }
    });

    upstream.on('data', (chunk: Buffer) => {
      if (broken) return;
      if (!losing) {
        client.write(chunk);
        return;
      }
      // Withheld: everything up to PostgreSQL's ReadyForQuery, the end of the statement's answer.
      if (backend.push(chunk).some((message) => message[0] === READY_FOR_QUERY)) {
        lostReplies += 1;
        reset();
      }
    });

    for (const socket of [client, upstream]) {
      socket.on('error', () => {});
      socket.on('close', () => {
        open.delete(socket);
        if (socket === client) upstream.destroy();
        else client.destroy();
      });
    }
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  const url = new URL(targetUrl);
  url.hostname = '127.0.0.1';
  url.port = String(port);

  const proxy: PgProxy = {
    url: url.toString(),
    rule: () => 'pass',
    get resets() {
      return resets;
    },
    get lostReplies() {
      return lostReplies;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of open) socket.destroy();
        server.close(() => resolve());
      }),
  };
  return proxy;
}
