import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { isReactable, isSingleEmoji, QUICK_REACTIONS } from '@paichat/protocol';
import { friendListQuery, remarkLookup } from '../../api/queries/friendList';
import { useT } from '../../i18n';
import { useLongPress } from '../../lib/useLongPress';
import { showToast } from '../../lib/ui';
import { useChatCommands } from '../../store/chat/hooks';
import type { LocalMessage } from '../../store/chat/types';
import { Avatar } from '../Avatar';
import { Sheet } from './Sheet';
import s from './Reactions.module.css';

/**
 * Reactions (docs/architecture.md, "Message actions"): the quick row above a held message's
 * menu, the picker for any emoji, the chips under a bubble (tap toggles yours, holding them
 * lists who reacted) and that list.
 */

/** A message the server has stored that takes reactions (not a notice, an event or a recalled one). */
export const mayReact = (message: LocalMessage): message is LocalMessage & { msgId: string } =>
  message.msgId !== undefined &&
  message.seq !== undefined &&
  message.type !== 3 &&
  isReactable(message.msgType);

/** Toggles an emoji on the message; a refusal shows as a toast. */
function useToggle(message: LocalMessage): (emoji: string) => void {
  const t = useT();
  const commands = useChatCommands();
  return (emoji) =>
    void commands
      .react(message.chatId, message, emoji)
      .catch((error: unknown) =>
        showToast(error instanceof Error ? error.message : t('reactions.failed'), { role: 'alert' }),
      );
}

function EmojiButton({ emoji, onPick }: { emoji: string; onPick: () => void }) {
  const t = useT();
  return (
    <button type="button" className={s.emoji} aria-label={t('reactions.react', { emoji })} onClick={onPick}>
      {emoji}
    </button>
  );
}

/** The six quick reactions and "+", above the menu of a held message. */
export function QuickReactions(props: { message: LocalMessage; onPicked: () => void; onMore: () => void }) {
  const t = useT();
  const toggle = useToggle(props.message);
  return (
    <div className={s.quick} role="group" aria-label={t('reactions.quick')}>
      {QUICK_REACTIONS.map((emoji) => (
        <EmojiButton
          key={emoji}
          emoji={emoji}
          onPick={() => {
            props.onPicked();
            toggle(emoji);
          }}
        />
      ))}
      <button type="button" className={s.more} aria-label={t('reactions.more')} onClick={props.onMore}>
        +
      </button>
    </div>
  );
}

/** Emoji offered by the picker; any other one can be typed (the device's emoji keyboard). */
// prettier-ignore
const PICKER_EMOJI = [
  ...QUICK_REACTIONS,
  '😀', '😁', '🤣', '😊', '😍', '🥰', '😘', '😎', '🤔', '🤗', '🙄', '😴',
  '😭', '😡', '🤯', '🥳', '😱', '🤝', '👏', '🙌', '💪', '👌', '✌️', '👀',
  '🎉', '🔥', '💯', '✅', '❌', '⭐', '🌹', '🎂', '☕', '🍻', '💔', '👎',
];

/** Any emoji: a grid of common ones, or one typed in. */
export function EmojiPicker({ message, onClose }: { message: LocalMessage; onClose: () => void }) {
  const t = useT();
  const toggle = useToggle(message);
  const [typed, setTyped] = useState('');
  const pick = (emoji: string) => {
    onClose();
    toggle(emoji);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const emoji = typed.trim();
    if (isSingleEmoji(emoji)) pick(emoji);
    else showToast(t('reactions.notEmoji'), { role: 'alert' });
  };
  return (
    <Sheet open title={t('reactions.pickerTitle')} onClose={onClose}>
      <div className={s.grid}>
        {PICKER_EMOJI.map((emoji) => (
          <EmojiButton key={emoji} emoji={emoji} onPick={() => pick(emoji)} />
        ))}
      </div>
      <form className={s.any} onSubmit={submit}>
        <input
          aria-label={t('reactions.anyEmoji')}
          placeholder={t('reactions.anyEmoji')}
          value={typed}
          maxLength={32}
          onChange={(event) => setTyped(event.target.value)}
        />
        <button type="submit">{t('reactions.add')}</button>
      </form>
    </Sheet>
  );
}

/** The chips under a bubble: "emoji count", yours highlighted; holding them lists who reacted. */
export function ReactionChips({ message }: { message: LocalMessage }) {
  const t = useT();
  const toggle = useToggle(message);
  const [who, setWho] = useState(false);
  const longPress = useLongPress(() => setWho(true));
  const list = message.reactions?.list ?? [];
  if (list.length === 0 || !mayReact(message)) return null;
  return (
    <>
      <div className={s.chips} role="group" aria-label={t('reactions.label')} {...longPress}>
        {list.map((reaction) => (
          <button
            key={reaction.emoji}
            type="button"
            className={s.chip}
            aria-pressed={reaction.mine}
            onClick={() => toggle(reaction.emoji)}
          >
            {`${reaction.emoji} ${reaction.count}`}
          </button>
        ))}
      </div>
      {who && <WhoReacted message={message} onClose={() => setWho(false)} />}
    </>
  );
}

/** Who reacted with what, named as the chat names them (group nickname, remark, nickname). */
function WhoReacted({
  message,
  onClose,
}: {
  message: LocalMessage & { msgId: string };
  onClose: () => void;
}) {
  const t = useT();
  const commands = useChatCommands();
  const friends = useQuery(friendListQuery);
  const remarkOf = remarkLookup(friends.data);
  const answer = useQuery({
    queryKey: ['reactions', message.chatId, message.msgId, message.reactions?.seq ?? 0],
    queryFn: () => commands.whoReacted(message.chatId, message.msgId),
  });
  const people = (answer.data ?? []).flatMap(({ emoji, users }) =>
    users.map((user) => ({ emoji, user, name: user.groupNick || remarkOf(user.userId) || user.nickName })),
  );
  return (
    <Sheet open title={t('reactions.who')} onClose={onClose}>
      <ul className={s.people}>
        {people.map(({ emoji, user, name }) => (
          <li key={`${emoji} ${user.userId}`} className={s.person}>
            <span>{emoji}</span>
            <Avatar name={name} src={user.portrait || undefined} alt="" size={32} />
            <span>{name}</span>
          </li>
        ))}
      </ul>
    </Sheet>
  );
}
