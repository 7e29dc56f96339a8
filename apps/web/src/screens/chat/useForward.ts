import { useCallback } from 'react';
import {
  forwardMsgs,
  getChatSession,
  HISTORY_TITLE_MAX,
  SendStatus,
  type ForwardMode,
} from '@paichat/protocol';
import { call } from '../../api/request';
import { useT } from '../../i18n';
import { showToast } from '../../lib/ui';
import { newClientMsgId } from '../../store/chat/ids';
import type { LocalMessage } from '../../store/chat/types';

/** A chat to forward to: one on the list (chatId), or a friend whose chat is opened first (userId). */
export interface ForwardTarget {
  chatId?: string;
  userId?: string;
  name: string;
}

export interface ForwardRequest {
  messages: readonly LocalMessage[];
  mode: ForwardMode;
  targets: readonly ForwardTarget[];
  note: string;
  /** MERGED: the card's title. */
  title: string;
}

/** Only what the server stores can be forwarded: it names messages by id, in the chat's order. */
export const forwardable = (
  message: LocalMessage,
): message is LocalMessage & { msgId: string; seq: number } =>
  Boolean(message.msgId) && message.seq !== undefined;

/**
 * Forwards messages (`/chat/forwardMsgs`) and says how it went: "Sent", or which chats refused
 * (not friends, blocked, not a member). Resolves true when every target took everything.
 */
export function useForward() {
  const t = useT();
  return useCallback(
    async ({ messages, mode, targets, note, title }: ForwardRequest): Promise<boolean> => {
      const items = messages
        .filter(forwardable)
        .sort((a, b) => a.seq - b.seq)
        .map((m) => ({ chatId: m.chatId, msgId: m.msgId }));
      const named = await Promise.all(
        targets.map(async (target) => ({
          // A friend's chat opens on the server (it may not exist yet); the list hears of it by push.
          chatId: target.chatId ?? (await call(getChatSession, { userId: target.userId })).chatId,
          name: target.name,
        })),
      );
      const answer = await call(forwardMsgs, {
        items,
        targets: named.map(({ chatId }) => ({ chatId })),
        mode,
        // Two long names may make a long title: it is cut, by characters, to what the server keeps.
        title: mode === 'MERGED' ? Array.from(title).slice(0, HISTORY_TITLE_MAX).join('') : '',
        ...(note.trim() ? { note } : {}),
        // The base of the sends' clientMsgIds: this forward's own, so the server stores it once.
        clientMsgId: newClientMsgId(),
      });
      const failed = answer.targets
        .filter((target) => target.sends.some((send) => send.status !== SendStatus.OK))
        .map((target) => named.find((n) => n.chatId === target.chatId)?.name ?? '');
      if (failed.length > 0) {
        showToast(t('forward.failed', { names: failed.join(', ') }));
        return false;
      }
      showToast(t('forward.sent'), { role: 'status' });
      return true;
    },
    [t],
  );
}
