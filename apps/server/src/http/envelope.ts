import { Code, envelope, RefusalData, type Envelope, type ErrorId } from '@paichat/protocol';

/** The answer of every failed request: `data` is null, or the values of its text (RefusalData). */
export const ErrorEnvelope = envelope(RefusalData);

export const ok = <T>(data: T): Envelope<T> => ({ code: Code.OK, msg: 'ok', data });

export const refusal = (
  code: number,
  msg: string,
  err?: ErrorId,
  data: RefusalData = null,
): Envelope<RefusalData> => (err === undefined ? { code, msg, data } : { code, msg, data, err });
