import { describe, expect, it } from 'vitest';
import {
  ChatNoTakenError,
  ServerBusyError,
  SignInWaitError,
  UnauthorizedError,
  ValidationError,
} from '../errors';
import { toEnvelope } from './error-handler';

describe('toEnvelope', () => {
  it('answers business refusals with HTTP 200 and their own code', () => {
    expect(toEnvelope(new ChatNoTakenError())).toEqual({
      status: 200,
      body: { code: 409, msg: 'chat ID is already taken', data: null, err: 'chatNoTaken' },
    });
    // A wait carries its length for the client's own text.
    expect(toEnvelope(new SignInWaitError(29_001))).toEqual({
      status: 200,
      body: {
        code: 429,
        msg: 'Too many failed sign-ins, please try again in 30 s',
        data: { seconds: 30 },
        err: 'signInWait',
      },
    });
  });

  it('answers validation with 400 and an expired login with 401', () => {
    expect(toEnvelope(new ValidationError('chatNo: bad'))).toMatchObject({
      status: 400,
      body: { code: 400 },
    });
    expect(toEnvelope(new UnauthorizedError())).toMatchObject({
      status: 401,
      body: { code: 401, err: 'unauthorized' },
    });
  });

  it('answers a busy server with 503, which clients send again', () => {
    expect(toEnvelope(new ServerBusyError())).toEqual({
      status: 503,
      body: { code: 503, msg: 'The server is busy, please try again', data: null, err: 'serverBusy' },
    });
  });

  it('hides anything unexpected behind "Internal error"', () => {
    for (const error of [new Error('SELECT * FROM users failed'), 'a string', null, { statusCode: 502 }]) {
      expect(toEnvelope(error)).toEqual({
        status: 500,
        body: { code: 500, msg: 'Internal error', data: null, err: 'internal' },
      });
    }
  });

  it('answers Fastify client errors with a fixed message, never the parser’s text', () => {
    const parseError = Object.assign(new SyntaxError('Unexpected token } in JSON at position 7'), {
      statusCode: 400,
    });
    expect(toEnvelope(parseError)).toEqual({
      status: 400,
      body: { code: 400, msg: 'Malformed request body', data: null, err: 'validation' },
    });
  });
});
