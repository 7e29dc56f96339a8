import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

type Defaulted<T> = ColumnType<T, T | undefined, T>;

/** A group; see migrations/0013_groups.ts. */
export interface GroupsTable {
  id: Generated<number>;
  chat_id: number;
  name: string;
  /** 1 while the name is the one made from the members' names. */
  name_is_default: Defaulted<number>;
  /** A `/file/…` URL ('' until composed). */
  portrait: Defaulted<string>;
  /** What the portrait was composed from (the first nine members and their avatars). */
  portrait_key: Defaulted<string>;
  notice: Defaulted<string>;
  notice_time: Defaulted<number>;
  owner_id: number;
  /** ACTIVE | DISMISSED */
  status: Defaulted<string>;
  created_at: number;
  dismissed_at: ColumnType<number | null, number | null | undefined, number | null>;
}

/** A current member of a group; see migrations/0014_group_members.ts. */
export interface GroupMembersTable {
  group_id: number;
  user_id: number;
  /** OWNER | MEMBER */
  role: string;
  group_nick: Defaulted<string>;
  /** 0 or 1: saved to the member's contacts. */
  saved: Defaulted<number>;
  joined_at: number;
}

/** A group QR code; see migrations/0015_group_invites.ts. */
export interface GroupInvitesTable {
  code: string;
  group_id: number;
  created_by: number;
  created_at: number;
  expires_at: number;
  /** When the creator's membership ended (or the group was dismissed); null while valid. */
  revoked_at: ColumnType<number | null, number | null | undefined, number | null>;
}

export type GroupRow = Selectable<GroupsTable>;
export type NewGroup = Insertable<GroupsTable>;
export type GroupMemberRow = Selectable<GroupMembersTable>;
export type GroupInviteRow = Selectable<GroupInvitesTable>;
export type NewGroupInvite = Insertable<GroupInvitesTable>;
