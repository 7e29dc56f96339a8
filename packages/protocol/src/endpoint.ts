import { z } from 'zod';

/**
 * One endpoint of the HTTP contract: the server registers it (validation and OpenAPI come
 * from these schemas) and the web client calls through it, so no signature is written twice.
 * `response` describes `data` inside the envelope.
 */
export interface Endpoint<
  M extends 'GET' | 'POST' = 'GET' | 'POST',
  Req extends z.ZodType = z.ZodType,
  Res extends z.ZodType = z.ZodType,
> {
  method: M;
  path: string;
  /** Query (GET) or JSON body (POST). */
  request: Req;
  response: Res;
  /** Whether a signed-in token is required. */
  auth: boolean;
  summary: string;
}

export const endpoint = <M extends 'GET' | 'POST', Req extends z.ZodType, Res extends z.ZodType>(
  e: Endpoint<M, Req, Res>,
) => e;

export type RequestOf<E extends Endpoint> = z.input<E['request']>;
export type ResponseOf<E extends Endpoint> = z.output<E['response']>;

export const Empty = z.object({});
