import { useId, useMemo, useState } from 'react';
import { FORWARD_TARGETS_MAX, TEXT_MAX } from '@paichat/protocol';
import { useFriendList } from '../../api/queries/friendList';
import { useSavedGroups } from '../../api/queries/savedGroups';
import { Avatar } from '../../components/Avatar';
import { Sheet } from '../../components/chat/Sheet';
import { useT } from '../../i18n';
import { matchesKeyword } from '../../lib/contactSearch';
import { displayNameOf } from '../../lib/displayName';
import { useChatList } from '../../store/chat/hooks';
import type { ForwardTarget } from './useForward';
import c from './ChatWindow.module.css';
import s from './Forward.module.css';

interface Choice extends ForwardTarget {
  key: string;
  portrait: string;
}

/** Recent chats one may still write in, then the saved groups and the friends not among them. */
function useChoices(): { recent: Choice[]; groups: Choice[]; contacts: Choice[] } {
  const { list } = useChatList();
  const friends = useFriendList();
  const saved = useSavedGroups();
  return useMemo(() => {
    const writable = list.filter(
      (entry) => entry.groupStatus !== 'LEFT' && entry.groupStatus !== 'DISMISSED',
    );
    const recent = writable.map((entry) => ({
      key: `chat:${entry.chatId}`,
      chatId: entry.chatId,
      name: entry.nickName,
      portrait: entry.portrait,
    }));
    const listed = new Set(writable.map((entry) => entry.chatId));
    const groups = (saved.data ?? [])
      .filter((group) => group.myRole !== null && group.status === 'ACTIVE' && !listed.has(group.chatId))
      .map((group) => ({
        key: `chat:${group.chatId}`,
        chatId: group.chatId,
        name: group.name,
        portrait: group.portrait,
      }));
    const chatted = new Set(writable.filter((e) => e.windowType === 'SINGLE').map((e) => e.userId));
    const contacts = (friends.data ?? [])
      .filter((friend) => !chatted.has(friend.userId))
      .map((friend) => ({
        key: `user:${friend.userId}`,
        userId: friend.userId,
        name: displayNameOf(friend),
        portrait: friend.portrait,
      }));
    return { recent, groups, contacts };
  }, [list, friends.data, saved.data]);
}

/**
 * "Send to": choose up to nine chats (recent chats, groups, contacts; with a search), write an optional
 * note, Send. `onSend` resolves true once sent, and the sheet closes.
 */
export function ForwardSheet({
  open,
  onClose,
  onSend,
}: {
  open: boolean;
  onClose: () => void;
  onSend: (targets: ForwardTarget[], note: string) => Promise<boolean>;
}) {
  const t = useT();
  return (
    <Sheet open={open} title={t('forward.title')} onClose={onClose}>
      {open && <ForwardChoices onSend={onSend} onClose={onClose} />}
      <button type="button" className={c.sheetCancel} onClick={onClose}>
        {t('common.cancel')}
      </button>
    </Sheet>
  );
}

function ForwardChoices({
  onSend,
  onClose,
}: {
  onSend: (targets: ForwardTarget[], note: string) => Promise<boolean>;
  onClose: () => void;
}) {
  const t = useT();
  const noteId = useId();
  const { recent, groups: savedGroups, contacts } = useChoices();
  const [keyword, setKeyword] = useState('');
  const [chosen, setChosen] = useState<Map<string, Choice>>(new Map());
  const [note, setNote] = useState('');
  const [sending, setSending] = useState(false);
  const shown = (choices: Choice[]) =>
    keyword.trim() ? choices.filter((choice) => matchesKeyword(keyword, [choice.name])) : choices;
  const groups = [
    { label: t('forward.recent'), choices: shown(recent) },
    { label: t('forward.groups'), choices: shown(savedGroups) },
    { label: t('forward.contacts'), choices: shown(contacts) },
  ].filter((group) => group.choices.length > 0);
  const full = chosen.size >= FORWARD_TARGETS_MAX;

  const toggle = (choice: Choice) =>
    setChosen((before) => {
      const next = new Map(before);
      if (next.has(choice.key)) next.delete(choice.key);
      else if (next.size < FORWARD_TARGETS_MAX) next.set(choice.key, choice);
      return next;
    });

  const send = async () => {
    setSending(true);
    try {
      const targets = [...chosen.values()].map(({ chatId, userId, name }) => ({ chatId, userId, name }));
      if (await onSend(targets, note)) onClose();
    } catch {
      // The request toasted why.
    } finally {
      setSending(false);
    }
  };

  return (
    <>
      <input
        type="search"
        className={s.search}
        aria-label={t('forward.search')}
        placeholder={t('forward.search')}
        value={keyword}
        onChange={(event) => setKeyword(event.target.value)}
      />
      <div className={c.pickList}>
        {groups.length === 0 && <p className={c.sheetNote}>{t('forward.noMatch')}</p>}
        {groups.map((group) => (
          <section key={group.label} aria-label={group.label}>
            <h3 className={s.group}>{group.label}</h3>
            {group.choices.map((choice) => {
              const checked = chosen.has(choice.key);
              return (
                <label key={choice.key} className={s.choice}>
                  <input
                    type="checkbox"
                    className={s.check}
                    aria-label={choice.name}
                    checked={checked}
                    disabled={!checked && full}
                    onChange={() => toggle(choice)}
                  />
                  <Avatar name={choice.name} src={choice.portrait || undefined} alt="" size={36} />
                  <span>{choice.name}</span>
                </label>
              );
            })}
          </section>
        ))}
      </div>
      <label htmlFor={noteId} className="visually-hidden">
        {t('forward.note')}
      </label>
      <textarea
        id={noteId}
        className={s.note}
        rows={1}
        maxLength={TEXT_MAX}
        placeholder={t('forward.note')}
        value={note}
        onChange={(event) => setNote(event.target.value)}
      />
      <button
        type="button"
        className={s.send}
        disabled={chosen.size === 0 || sending}
        onClick={() => void send()}
      >
        {chosen.size > 0 ? t('forward.sendCount', { count: chosen.size }) : t('forward.send')}
      </button>
    </>
  );
}
