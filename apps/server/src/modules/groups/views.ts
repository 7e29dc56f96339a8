/** How groups look on the wire, and the names made for them: pure mapping, no database. */
import {
  ALERT_TEXT,
  GROUP_NAME_MAX,
  type AlertCode,
  type GroupFace,
  type GroupMember,
  type GroupRole,
  type GroupStatus,
  type GroupView,
} from '@paichat/protocol';
import type { Person } from '../chats/views';
import type { GroupForViewer, MemberWithUser } from './repo';

const yesNo = (flag: number | null): 'Y' | 'N' => (flag ? 'Y' : 'N');
const roleOf = (role: string): GroupRole => (role === 'OWNER' ? 'OWNER' : 'MEMBER');

/** ACTIVE while the viewer is in it; LEFT once they quit or were removed; DISMISSED when it ended. */
export function statusFor(row: GroupForViewer): GroupStatus {
  if (row.role === null) return 'LEFT';
  return row.status === 'DISMISSED' ? 'DISMISSED' : 'ACTIVE';
}

/** `faces`: the group's first members (groups/faces.ts), shown to its members only. */
export function toGroupView(row: GroupForViewer, faces: readonly GroupFace[] = []): GroupView {
  // A former member sees the group's name and face, not what it announces after they left.
  const member = row.role !== null;
  return {
    groupId: String(row.id),
    chatId: String(row.chat_id),
    name: row.name,
    nameIsDefault: row.name_is_default === 1,
    portrait: row.portrait,
    faces: member ? [...faces] : [],
    notice: member ? row.notice : '',
    noticeTime: member ? row.notice_time : 0,
    ownerId: String(row.owner_id),
    memberCount: row.member_count,
    status: statusFor(row),
    myRole: row.role === null ? null : roleOf(row.role),
    myGroupNick: row.group_nick ?? '',
    saved: yesNo(row.saved),
    isTop: yesNo(row.is_top),
    isDisturb: yesNo(row.is_disturb),
    createdAt: row.created_at,
  };
}

export function toGroupMember(row: MemberWithUser): GroupMember {
  const remark = row.remark ?? '';
  return {
    userId: String(row.user_id),
    nickName: row.nick_name,
    portrait: row.portrait,
    groupNick: row.group_nick,
    remark,
    showName: row.group_nick || remark || row.nick_name,
    role: roleOf(row.role),
    joinedAt: row.joined_at,
  };
}

/**
 * The name of a group nobody named: its first members' names ("Amy, Ben, Chen"), as many as
 * fit in GROUP_NAME_MAX characters (the first one cut short if it alone does not).
 */
export function defaultGroupName(names: readonly string[]): string {
  let name = '';
  for (const next of names) {
    const longer = name === '' ? next : `${name}, ${next}`;
    if (longer.length > GROUP_NAME_MAX) break;
    name = longer;
  }
  if (name === '' && names[0]) name = `${names[0].slice(0, GROUP_NAME_MAX - 1)}…`;
  return name;
}

const listOf = (people: readonly Person[]) => people.map((p) => p.nick_name).join(', ');

export interface AlertParams {
  /** Who did it (or, for join, left and owner, who it happened to). */
  name?: string;
  /** The people it was done to. */
  names?: readonly Person[];
  groupName?: string;
  notice?: string;
}

/** The content of a group system notice: its code, the English text and the params to localize it. */
export function groupAlert(code: AlertCode, params: AlertParams): Record<string, unknown> {
  const values: Record<string, string> = {};
  if (params.name !== undefined) values.name = params.name;
  if (params.names !== undefined) values.names = listOf(params.names);
  if (params.groupName !== undefined) values.groupName = params.groupName;
  if (params.notice !== undefined) values.notice = params.notice;
  const text = ALERT_TEXT[code].replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? '');
  return { code, text, params: values };
}
