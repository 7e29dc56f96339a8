import type { ColumnType, Generated, Selectable } from 'kysely';

/** An account's Pi, Google or X account: one account per (provider, subject), one of each provider per account. */
export interface IdentitiesTable {
  id: Generated<number>;
  user_id: number;
  /** 'pi' | 'google' | 'twitter'. */
  provider: string;
  /** The service's id for the person: Pi's uid, the ID token's `sub`, X's user id. */
  subject: string;
  /** How the service names the person (shown to the account's owner only). */
  name: ColumnType<string, string | undefined, string>;
  created_at: number;
}

export type IdentityRow = Selectable<IdentitiesTable>;

/** A Google or X sign-in (or link) under way; taken by its callback. */
export interface OAuthLoginsTable {
  /** SHA-256 (hex) of the `state` sent to the provider. */
  state_hash: string;
  provider: string;
  link_user_id: number | null;
  code_verifier: string;
  nonce: ColumnType<string, string | undefined, string>;
  redirect_uri: string;
  expires_at: number;
}

export type OAuthLoginRow = Selectable<OAuthLoginsTable>;
