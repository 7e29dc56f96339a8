import { z } from 'zod';
import { BODY_LIMIT_DEFAULT } from './endpoint';

// The frames a client sends on the socket, and the ack of a send. A module of their own, so
// that a web page that only receives pushes does not carry their schemas.

/**
 * Sending over the socket (after SOCKET_READY): `{"type":"send","id","path","body"}` with `path`
 * `/chat/sendMsg` or `/group/sendMsg` and `body` exactly the HTTP body. The body is validated and
 * run as the HTTP request would be (same clientMsgId idempotency, same refusals), and answered
 * with one `ack` frame carrying the same `id` and the HTTP answer's envelope `{code, msg, data, err?}`.
 * `id` is the client's: it names one send in flight on this socket (a second frame with an id
 * still in flight is refused with 409). At most MAX_SOCKET_SENDS_IN_FLIGHT sends wait for their
 * ack per socket (more are refused with 429); a frame larger than MAX_CLIENT_FRAME_BYTES closes
 * the socket with 1009. Without an ack, the client sends again (over the socket or HTTP) with
 * the same clientMsgId: the original is answered, never stored twice.
 */
export const SOCKET_SEND_PATHS = ['/chat/sendMsg', '/group/sendMsg'] as const;
export type SocketSendPath = (typeof SOCKET_SEND_PATHS)[number];
export const MAX_SOCKET_SENDS_IN_FLIGHT = 64;
/** The largest client frame: a send body at the HTTP body limit, and its frame around it. */
export const MAX_CLIENT_FRAME_BYTES = BODY_LIMIT_DEFAULT + 1024;

export const SendFrame = z.object({
  type: z.literal('send'),
  id: z.string().min(1).max(64),
  /** Checked by the server (404 for another path), so a wrong path still gets its ack. */
  path: z.string().max(64),
  body: z.unknown(),
});
export type SendFrame = z.infer<typeof SendFrame>;

/**
 * The person types in a one-to-one chat (receipts.ts): at most one every
 * TYPING_SIGNAL_INTERVAL_MS, never answered; the server forwards it to the other member or drops it.
 */
export const TypingFrame = z.object({ type: z.literal('typing'), chatId: z.string().regex(/^\d{1,15}$/) });
export type TypingFrame = z.infer<typeof TypingFrame>;

export const ClientFrame = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ping') }),
  SendFrame,
  TypingFrame,
]);
export type ClientFrame = z.infer<typeof ClientFrame>;

/** The server's answer to a `send` frame: the HTTP envelope, with the frame's id. */
export const AckFrame = z.object({
  type: z.literal('ack'),
  id: z.string(),
  code: z.number().int(),
  msg: z.string(),
  data: z.unknown(),
  err: z.string().optional(),
});
export type AckFrame = z.infer<typeof AckFrame>;
