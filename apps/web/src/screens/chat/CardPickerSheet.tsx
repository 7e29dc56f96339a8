import { Sheet } from '../../components/chat/Sheet';
import { Avatar } from '../../components/Avatar';
import { useFriendList } from '../../api/queries/friendList';
import { displayNameOf } from '../../lib/displayName';
import { useT } from '../../i18n';
import s from './ChatWindow.module.css';

/**
 * Choose a friend (`GET /friend/list`): whose contact card to send in a chat, or, from a
 * person's settings, whom to send their card to (that person left out).
 */
export function CardPickerSheet({
  open,
  onClose,
  onPick,
  title,
  excludeUserId,
}: {
  open: boolean;
  onClose: () => void;
  onPick: (userId: string, name: string) => void;
  /** Defaults to "Choose a contact". */
  title?: string;
  excludeUserId?: string;
}) {
  const t = useT();
  return (
    <Sheet open={open} title={title ?? t('chatWindow.cardTitle')} onClose={onClose}>
      {open && (
        <FriendChoices
          excludeUserId={excludeUserId}
          onPick={(userId, name) => (onClose(), onPick(userId, name))}
        />
      )}
      <button type="button" className={s.sheetCancel} onClick={onClose}>
        {t('common.cancel')}
      </button>
    </Sheet>
  );
}

function FriendChoices({
  onPick,
  excludeUserId,
}: {
  onPick: (userId: string, name: string) => void;
  excludeUserId?: string;
}) {
  const t = useT();
  const friends = useFriendList();
  if (friends.isPending) return <p className={s.sheetNote}>{t('common.loading')}</p>;
  if (friends.isError) {
    return (
      <div className={s.sheetNote}>
        <p>{t('contacts.loadFailed')}</p>
        <button type="button" className={s.sheetLink} onClick={() => void friends.refetch()}>
          {t('common.retry')}
        </button>
      </div>
    );
  }
  const choices = friends.data.filter((friend) => friend.userId !== excludeUserId);
  if (choices.length === 0) return <p className={s.sheetNote}>{t('chatWindow.noFriends')}</p>;
  return (
    <ul className={s.pickList}>
      {choices.map((friend) => {
        const name = displayNameOf(friend);
        return (
          <li key={friend.userId}>
            <button type="button" className={s.pickItem} onClick={() => onPick(friend.userId, name)}>
              <span aria-hidden className={s.pickAvatar}>
                <Avatar name={name} src={friend.portrait || undefined} alt="" size={36} />
              </span>
              <span>{name}</span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
