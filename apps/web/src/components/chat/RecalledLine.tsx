import { useEffect, useReducer } from 'react';
import { MsgType, parseContent } from '@paichat/protocol';
import { useMyInfo } from '../../api/queries/myInfo';
import { useT } from '../../i18n';
import { addToDraft } from '../../lib/draftAdditions';
import { useChatCommands } from '../../store/chat/hooks';
import { recallLine } from '../../store/chat/preview';
import type { LocalMessage } from '../../store/chat/types';
import s from './chat.module.css';

export interface RecalledLineProps {
  message: LocalMessage;
  /** Group chats: the author's name as the chat shows it (showName). */
  senderName?: string;
}

/**
 * A recalled message's place in the chat: a centred grey line saying who recalled it, and, for
 * a text recalled on this device a moment ago, "Re-edit", which puts it back in the input box.
 */
export function RecalledLine({ message, senderName }: RecalledLineProps) {
  const t = useT();
  const commands = useChatCommands();
  const me = useMyInfo().data?.userId;
  const recalled = parseContent(MsgType.RECALLED, message.content);
  const own = message.type === 2;
  const byAuthor = recalled?.byId === message.fromId;
  const line = recallLine(
    {
      byMe: byAuthor ? own : recalled?.byId === me,
      byName: recalled?.byName ?? '',
      ...(byAuthor ? {} : { author: { me: own, name: senderName || message.nickName } }),
    },
    t,
  );
  const reEdit = own && byAuthor && message.msgId ? commands.reEdit(message.msgId) : undefined;
  // Drawn again when the time to re-edit is over, so that the button goes.
  const [, expired] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    if (!reEdit) return;
    const timer = setTimeout(expired, Math.max(0, reEdit.until - Date.now()));
    return () => clearTimeout(timer);
  }, [reEdit]);
  return (
    <div className={s.noticeRow}>
      <p className={s.notice}>
        {line}
        {reEdit && (
          <button type="button" className={s.reEdit} onClick={() => addToDraft(message.chatId, reEdit.text)}>
            {t('chatWindow.reEdit')}
          </button>
        )}
      </p>
    </div>
  );
}
