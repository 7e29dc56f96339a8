/**
 * A group's look: its portrait (the grid of its first nine members' avatars) and, while nobody
 * has named it, its default name made from their names. Both are remade when the first
 * members (or their avatars) change, which `groups.portrait_key` records.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db';
import type { FilesService } from '../files/service';
import { composePortrait, PORTRAIT_MEMBERS } from './portrait';
import * as repo from './repo';
import { defaultGroupName } from './views';

export interface LookMember {
  user_id: number;
  nick_name: string;
  portrait: string;
}

/** What a portrait was made of: who, and which avatar. */
const keyOf = (first: readonly LookMember[]) => first.map((m) => `${m.user_id}:${m.portrait}`).join('|');

export function createGroupLook(deps: {
  db: Db;
  log: FastifyBaseLogger;
  files: Pick<FilesService, 'imagePath' | 'saveGenerated'>;
}) {
  const { db, log, files } = deps;

  /** Composes the grid of these members' avatars, stored like an upload of `ownerId`. */
  async function compose(first: readonly LookMember[], ownerId: number): Promise<string> {
    const paths = await Promise.all(first.map((m) => files.imagePath(m.portrait)));
    return files.saveGenerated(ownerId, 'group', (output) => composePortrait(paths, output));
  }

  /** Remakes run in turn per group, so a slow one never overwrites a newer one (on this node). */
  const refreshing = new Map<number, Promise<void>>();

  return {
    /** A new group's look, from its members in joining order. */
    async initial(members: readonly LookMember[], ownerId: number) {
      const first = members.slice(0, PORTRAIT_MEMBERS);
      return {
        portrait: await compose(first, ownerId),
        portraitKey: keyOf(first),
        defaultName: defaultGroupName(members.map((m) => m.nick_name)),
      };
    },

    /** After a membership change: remakes what the change touched. Never fails the change. */
    refresh(groupId: number, actorId: number): Promise<void> {
      const next = (refreshing.get(groupId) ?? Promise.resolve()).then(async () => {
        try {
          const group = await repo.findGroup(db, groupId);
          const first = await repo.firstMembers(db, groupId, PORTRAIT_MEMBERS);
          if (!group || first.length === 0) return;
          const changes: repo.GroupChanges = {};
          const name = defaultGroupName(first.map((m) => m.nick_name));
          if (group.name_is_default === 1 && name !== group.name) changes.name = name;
          const key = keyOf(first);
          if (key !== group.portrait_key) {
            changes.portrait = await compose(first, actorId);
            changes.portrait_key = key;
          }
          if (Object.keys(changes).length > 0) await repo.updateGroup(db, groupId, changes);
        } catch (error) {
          log.error({ err: error, groupId }, 'group portrait not remade');
        }
      });
      refreshing.set(groupId, next);
      void next.then(() => {
        if (refreshing.get(groupId) === next) refreshing.delete(groupId);
      });
      return next;
    },
  };
}
