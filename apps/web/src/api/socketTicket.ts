import { socketTicket } from '@paichat/protocol';
import { ApiError, call, expireSession } from './request';

/**
 * A fresh single-use ticket that opens one socket of the signed-in session (the socket URL
 * carries it, never the token). Quiet: the socket retries a failure by itself, so an outage
 * toasts nothing; a 401 ends the session as any request's would.
 */
export async function fetchSocketTicket(token: string): Promise<string> {
  try {
    return (await call(socketTicket, {}, { quiet: true })).ticket;
  } catch (error) {
    if (error instanceof ApiError && error.kind === 'expired') expireSession(token);
    throw error;
  }
}
