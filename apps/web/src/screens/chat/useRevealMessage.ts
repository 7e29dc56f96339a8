import { useEffect, useMemo, useState } from 'react';
import { extendJump, joinJump, type Jump, type PageAt } from '../../store/chat/jump';
import type { ChatCommands, ChatWindowState } from '../../store/chat/types';

/** Reading newer messages after a message opened from a search, and going back to the newest. */
export interface NewerPages {
  hasNewer: boolean;
  loadNewer: () => void;
  backToNewest: () => void;
}

export interface RevealedWindow {
  state: ChatWindowState;
  loadOlder: (chatId: string) => Promise<void>;
  /** Set while the window shows pages around the message rather than the newest ones. */
  newer?: NewerPages;
  /** The message to scroll to and mark, once it is in the list. */
  focusMsgId?: string;
}

/**
 * A chat opened at one of its messages (`msgId` and `seq` from a search). Unless the message is
 * among those the window holds, a page around it is read and shown instead (however far up it
 * is), with older pages above it and newer ones below as the list is scrolled, until the newer
 * pages reach the held ones and the list is one again; "back to newest" leaves the pages.
 */
export function useRevealMessage(
  chatId: string,
  state: ChatWindowState,
  commands: Pick<ChatCommands, 'loadOlder' | 'readPage'>,
  target: { msgId: string; seq: number } | null,
): RevealedWindow {
  const ref = target && chatId ? `${chatId}|${target.msgId}` : '';
  const [jump, setJump] = useState<{ ref: string; pages: Jump | null } | null>(null);
  const current = jump?.ref === ref ? jump.pages : null;
  const held = target ? state.messages.some((m) => m.id === target.msgId) : false;
  const started = jump?.ref === ref;
  const seq = target?.seq ?? 0;

  useEffect(() => {
    if (!ref || held || started) return;
    setJump({ ref, pages: null });
    commands.readPage(chatId, { around: seq }).then(
      (page) =>
        setJump((now) =>
          now?.ref === ref ? { ref, pages: { ...page, loadingOlder: false, loadingNewer: false } } : now,
        ),
      // Not reachable (cleared meanwhile, offline): the chat stays at its newest.
      () => undefined,
    );
  }, [ref, seq, held, started, chatId, commands]);

  // Joining walks every held message: only again when they or the pages change, not on each render.
  const joined = useMemo(() => current && joinJump(state.messages, current), [state.messages, current]);

  if (!current || !joined) {
    const focusMsgId = held ? target?.msgId : undefined;
    return { state, loadOlder: commands.loadOlder, focusMsgId };
  }

  const read = (at: PageAt, side: 'older' | 'newer') => {
    const busy = side === 'older' ? 'loadingOlder' : 'loadingNewer';
    const update = (change: (pages: Jump) => Jump) =>
      setJump((now) => (now?.ref === ref && now.pages ? { ref, pages: change(now.pages) } : now));
    update((pages) => ({ ...pages, [busy]: true }));
    return commands.readPage(chatId, at).then(
      (page) => update((pages) => extendJump(pages, page, side)),
      () => update((pages) => ({ ...pages, [busy]: false })),
    );
  };
  const oldest = current.rows[0]?.msgId;
  const newest = current.rows.at(-1)?.seq ?? 0;
  return {
    state: {
      ...state,
      messages: joined.messages,
      hasOlder: current.hasOlder,
      loadingOlder: current.loadingOlder,
    },
    loadOlder: () =>
      oldest && !current.loadingOlder ? read({ before: oldest }, 'older') : Promise.resolve(),
    newer: {
      hasNewer: joined.hasNewer,
      loadNewer: () => {
        if (joined.hasNewer && !current.loadingNewer) void read({ after: newest }, 'newer');
      },
      backToNewest: () => setJump({ ref, pages: null }),
    },
    focusMsgId: joined.messages.some((m) => m.id === target?.msgId) ? target?.msgId : undefined,
  };
}
