import { createHash, randomBytes } from 'node:crypto';

/** A sign-in token: 32 random bytes, base64url. Only its hash is stored. */
export const newToken = (): string => randomBytes(32).toString('base64url');

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');
