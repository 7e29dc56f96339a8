/**
 * Who a Pi access token belongs to, as the Pi Platform API says: `GET {PI_API_BASE}/v2/me` with
 * the token as a Bearer credential answers the person's app-specific `uid` and `username`, or
 * 401 for a token it did not issue (or that expired). The client's own word on who it is
 * counts for nothing: it could send any uid.
 */
import { z } from 'zod';

const PI_TIMEOUT_MS = 10_000;

const PiUser = z.object({
  uid: z.string().min(1).max(255),
  username: z.string().max(255).optional(),
});

export type PiUser = { uid: string; username: string };

/** Pi did not vouch for the token: refused, unreachable, or an answer that is not a user. */
export class PiRefusedError extends Error {
  override readonly name = 'PiRefusedError';
}

export async function verifyPiToken(apiBase: string, accessToken: string): Promise<PiUser> {
  let response: Response;
  try {
    response = await fetch(`${apiBase}/v2/me`, {
      headers: { Authorization: `Bearer ${accessToken}`, Accept: 'application/json' },
      signal: AbortSignal.timeout(PI_TIMEOUT_MS),
    });
  } catch (error) {
    throw new PiRefusedError('the Pi Platform API could not be reached', { cause: error });
  }
  if (!response.ok) throw new PiRefusedError(`the Pi Platform API answered ${response.status}`);
  const parsed = PiUser.safeParse(await response.json().catch(() => null));
  if (!parsed.success) throw new PiRefusedError('the Pi Platform API answered no user');
  return { uid: parsed.data.uid, username: parsed.data.username ?? '' };
}
