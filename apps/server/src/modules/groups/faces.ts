/** The faces a group's picture is drawn from, for the answers that show groups (lists, info). */
import { GROUP_FACES_MAX, type GroupFace } from '@paichat/protocol';
import type { DbOrTx } from '../../db';
import { firstMembersOf } from './repo';

/** Each of these groups' first members by joining, as faces; a group without members has none. */
export async function groupFaces(db: DbOrTx, groupIds: readonly number[]): Promise<Map<number, GroupFace[]>> {
  const faces = new Map<number, GroupFace[]>();
  for (const member of await firstMembersOf(db, [...new Set(groupIds)], GROUP_FACES_MAX)) {
    const face = { nickName: member.nick_name, portrait: member.portrait };
    const list = faces.get(member.group_id);
    if (list) list.push(face);
    else faces.set(member.group_id, [face]);
  }
  return faces;
}
