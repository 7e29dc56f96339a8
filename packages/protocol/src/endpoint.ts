import { z } from 'zod';

/**
 * The largest JSON body an endpoint accepts unless it says otherwise, in bytes: far more than
 * any valid request of the default kind needs (a profile edit, a friend request, a group of
 * 499 ids), far less than what it would take to keep the server parsing.
 */
export const BODY_LIMIT_DEFAULT = 16 * 1024;

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
  /**
   * The headers the endpoint keeps, besides Authorization: checked like the request's strings
   * (a bad one is refused with a 400 naming it); the schema passes all other headers through.
   */
  headers?: z.ZodObject;
  response: Res;
  /** Whether a signed-in token is required. */
  auth: boolean;
  summary: string;
  /**
   * The largest JSON body accepted, in bytes, when the contract needs more than
   * BODY_LIMIT_DEFAULT; a larger body is refused (413) before it is read in full.
   */
  bodyLimit?: number;
}

export const endpoint = <M extends 'GET' | 'POST', Req extends z.ZodType, Res extends z.ZodType>(
  e: Endpoint<M, Req, Res>,
) => e;

export type RequestOf<E extends Endpoint> = z.input<E['request']>;
export type ResponseOf<E extends Endpoint> = z.output<E['response']>;

export const Empty = z.object({});
