/** Helpers for the chat tests: friends through the HTTP API, sends, uploads, pushes. */
import type { ChatSession, MsgPush, SendMsgResult, UploadedFile } from '@paichat/protocol';
import { expect } from 'vitest';
import { as } from './api';
import { seed, type SeededUser } from './seed';
import type { TestSocket } from './ws';

/** `a` asks, `b` accepts: they are friends and their chat opens with the notice. */
export const befriend = (baseUrl: string, a: SeededUser, b: SeededUser): Promise<void> =>
  seed(baseUrl).befriend(a, b);

export async function sendText(
  baseUrl: string,
  from: { token: string },
  to: { userId: string },
  text: string,
  clientMsgId?: string,
): Promise<SendMsgResult> {
  const { body } = await as(baseUrl, from).post<SendMsgResult>('/chat/sendMsg', {
    userId: to.userId,
    msgType: 'TEXT',
    content: { text },
    ...(clientMsgId === undefined ? {} : { clientMsgId }),
  });
  expect(body.code, body.msg).toBe(200);
  return body.data;
}

export async function sessionsOf(baseUrl: string, user: { token: string }): Promise<ChatSession[]> {
  const { body } = await as(baseUrl, user).post<{ list: ChatSession[] }>('/chat/getChatSessions', {});
  expect(body.code, body.msg).toBe(200);
  return body.data.list;
}

export async function sessionWith(
  baseUrl: string,
  user: { token: string },
  peer: { userId: string },
): Promise<ChatSession> {
  const { body } = await as(baseUrl, user).post<ChatSession>('/chat/getChatSession', { userId: peer.userId });
  expect(body.code, body.msg).toBe(200);
  return body.data;
}

/** The next MSG push on a socket (optionally one matching). */
export async function nextMsg(
  socket: TestSocket,
  match: (push: MsgPush) => boolean = () => true,
  timeoutMs?: number,
): Promise<MsgPush> {
  const text = await socket.next((m) => {
    if (!m.startsWith('{"pushType":"MSG"')) return false;
    return match(JSON.parse(m) as MsgPush);
  }, timeoutMs);
  return JSON.parse(text) as MsgPush;
}

/** Every MSG push a socket has received so far. */
export const msgPushes = (socket: TestSocket): MsgPush[] =>
  socket.received.filter((m) => m.startsWith('{"pushType":"MSG"')).map((m) => JSON.parse(m) as MsgPush);

export async function upload(
  baseUrl: string,
  user: { token: string },
  bytes: Buffer,
  filename: string,
  route = '/file/upload',
): Promise<UploadedFile> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), filename);
  const response = await fetch(`${baseUrl}${route}`, {
    method: 'POST',
    headers: { authorization: user.token },
    body: form,
  });
  const body = (await response.json()) as { code: number; msg: string; data: UploadedFile };
  expect(body.code, body.msg).toBe(200);
  return body.data;
}
