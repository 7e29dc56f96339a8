import { useState } from 'react';
import { useGroupInfo } from '../../api/queries/groupInfo';
import { useMyInfo } from '../../api/queries/myInfo';
import { Avatar } from '../../components/Avatar';
import { Sheet } from '../../components/chat/Sheet';
import { useT } from '../../i18n';
import { ALL, mentionable, type Mention } from './mentions';
import s from './ChatWindow.module.css';

/**
 * The group's members to mention, searched by group nickname, nickname or pinyin (initials
 * too); its owner also gets "@All". Opened by typing "@" in a group's input.
 */
export function MentionPicker({
  groupId,
  open,
  onClose,
  onPick,
}: {
  groupId: string;
  open: boolean;
  onClose: () => void;
  onPick: (mention: Mention) => void;
}) {
  const t = useT();
  return (
    <Sheet open={open} title={t('chatWindow.mentionTitle')} onClose={onClose}>
      {open && <MemberChoices groupId={groupId} onPick={(mention) => (onClose(), onPick(mention))} />}
      <button type="button" className={s.sheetCancel} onClick={onClose}>
        {t('common.cancel')}
      </button>
    </Sheet>
  );
}

function MemberChoices({ groupId, onPick }: { groupId: string; onPick: (mention: Mention) => void }) {
  const t = useT();
  const info = useGroupInfo(groupId);
  const me = useMyInfo();
  const [query, setQuery] = useState('');
  if (info.isPending) return <p className={s.sheetNote}>{t('common.loading')}</p>;
  if (info.isError) return <p className={s.sheetNote}>{t('contacts.loadFailed')}</p>;
  const members = mentionable(info.data.members, me.data?.userId ?? '', query);
  const all = t('chatWindow.mentionAll');
  return (
    <>
      <div className={s.sheetForm}>
        <input
          type="search"
          className={s.sheetInput}
          aria-label={t('chatWindow.mentionSearch')}
          placeholder={t('chatWindow.mentionSearch')}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
      </div>
      <ul className={s.pickList}>
        {info.data.group.myRole === 'OWNER' && query.trim() === '' && (
          <li>
            <button type="button" className={s.pickItem} onClick={() => onPick({ userId: ALL, name: all })}>
              <span aria-hidden className={s.pickAvatar}>
                <Avatar name={all} alt="" size={36} />
              </span>
              <span>@{all}</span>
            </button>
          </li>
        )}
        {members.map((member) => (
          <li key={member.userId}>
            <button
              type="button"
              className={s.pickItem}
              // The text is read by everyone: the name they know, not the viewer's remark.
              onClick={() => onPick({ userId: member.userId, name: member.groupNick || member.nickName })}
            >
              <span aria-hidden className={s.pickAvatar}>
                <Avatar name={member.showName} src={member.portrait || undefined} alt="" size={36} />
              </span>
              <span>{member.showName}</span>
            </button>
          </li>
        ))}
      </ul>
    </>
  );
}
