import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getChatSessions, sendMsg, type AckFrame } from '@paichat/protocol';
import { ApiError, configureRequest, resetRequest } from '../../api/request';
import { appTransport, failureOf, socketFirst } from './transport';

describe('failureOf', () => {
  it('tells a refusal from a failure worth retrying', () => {
    expect(failureOf(new ApiError('business', 'No', 200, 404, 'chatNotFound')).kind).toBe('business');
    expect(failureOf(new ApiError('http', 'Request failed', 400)).kind).toBe('business');
    expect(failureOf(new ApiError('http', 'Request failed', 429)).kind).toBe('http');
    expect(failureOf(new ApiError('http', 'Request failed', 502)).kind).toBe('http');
    // A busy server (503) is asked again in a moment.
    expect(failureOf(new ApiError('http', 'Request failed', 503)).kind).toBe('busy');
    // A validation refusal (HTTP 400 with its envelope) is final; a throttle (429) is not.
    expect(failureOf(new ApiError('business', 'text is required', 400, 400, 'validation')).kind).toBe(
      'business',
    );
    expect(failureOf(new ApiError('business', 'Too many attempts', 429, 429)).kind).toBe('http');
    expect(failureOf(new ApiError('http', 'Request failed', 200)).kind).toBe('http');
    expect(failureOf(new ApiError('network', 'Please check your network')).kind).toBe('network');
    expect(failureOf(new TypeError('fetch failed')).kind).toBe('network');
  });

  it('says "An error occurred" for a failure that is no answer of the server, never its own text', () => {
    expect(failureOf(new TypeError("Cannot read properties of undefined (reading 'seq')"))).toEqual({
      kind: 'network',
      message: 'An error occurred',
    });
    expect(failureOf('QuotaExceededError').message).toBe('An error occurred');
  });
});

describe('appTransport', () => {
  const onSessionExpired = vi.fn();
  beforeEach(() => {
    resetRequest();
    onSessionExpired.mockClear();
    configureRequest({ getToken: () => 'token', toast: () => undefined, onSessionExpired });
  });
  afterEach(() => resetRequest());

  it('reads a connection reset on /chat/ as the network, and the session stays', async () => {
    configureRequest({ fetch: () => Promise.reject(new TypeError('Failed to fetch')) });
    const error = await appTransport
      .call(sendMsg, { userId: '2', msgType: 'TEXT', content: { text: 'hi' } })
      .catch((e: unknown) => e);
    expect(failureOf(error)).toEqual({ kind: 'network', message: 'Please check your network' });
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('ends the session when the server answers 401', async () => {
    configureRequest({
      fetch: () => Promise.resolve(new Response(JSON.stringify({ code: 401, msg: 'no' }), { status: 401 })),
    });
    const error = await appTransport
      .call(getChatSessions, { pageNum: 1, pageSize: 20 })
      .catch((e: unknown) => e);
    expect(failureOf(error).kind).toBe('expired');
    expect(onSessionExpired).toHaveBeenCalledOnce();
  });
});

describe('socketFirst', () => {
  const body = { userId: '2', msgType: 'TEXT' as const, content: { text: 'hi' }, clientMsgId: 'local_1' };
  const overHttp = { msgId: 'http' };
  function transports(ack: AckFrame | null) {
    const http = { call: vi.fn(() => Promise.resolve(overHttp as never)) };
    const frames = { sendFrame: vi.fn(() => Promise.resolve(ack)) };
    return { http, frames, transport: socketFirst(http, () => frames) };
  }
  const ackOf = (code: number, data: unknown = null): AckFrame => ({
    type: 'ack',
    id: '1',
    code,
    msg: 'm',
    data,
  });

  it("takes an accepted send's ack, without HTTP", async () => {
    const { http, frames, transport } = transports(ackOf(200, { msgId: 'socket' }));
    await expect(transport.call(sendMsg, body)).resolves.toEqual({ msgId: 'socket' });
    expect(frames.sendFrame).toHaveBeenCalledWith(sendMsg.path, body);
    expect(http.call).not.toHaveBeenCalled();
  });

  it('sends over HTTP, the same body, an ack that refuses the frame or none at all', async () => {
    for (const ack of [ackOf(503), ackOf(400), ackOf(401), ackOf(429), null]) {
      const { http, transport } = transports(ack);
      await expect(transport.call(sendMsg, body)).resolves.toBe(overHttp);
      expect(http.call).toHaveBeenCalledWith(sendMsg, body);
    }
  });

  it('sends only messages over the socket, and everything over HTTP without one', async () => {
    const { http, frames, transport } = transports(ackOf(200));
    await transport.call(getChatSessions, { pageNum: 1, pageSize: 20 });
    expect(frames.sendFrame).not.toHaveBeenCalled();
    const noSocket = socketFirst(http, () => null);
    await expect(noSocket.call(sendMsg, body)).resolves.toBe(overHttp);
    expect(http.call).toHaveBeenCalledTimes(2);
  });
});
