import { Code, envelope, type Envelope, type ErrorId } from '@paichat/protocol';
import { z } from 'zod';

/** The answer of every failed request: `data` is null. */
export const ErrorEnvelope = envelope(z.null());

export const ok = <T>(data: T): Envelope<T> => ({ code: Code.OK, msg: 'ok', data });

export const refusal = (code: number, msg: string, err?: ErrorId): Envelope<null> =>
  err === undefined ? { code, msg, data: null } : { code, msg, data: null, err };
