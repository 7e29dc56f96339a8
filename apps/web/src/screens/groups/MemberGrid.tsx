import { AddOutline, MinusOutline } from 'antd-mobile-icons';
import type { GroupInfo } from '@paichat/protocol';
import { useT } from '../../i18n';
import { Photo } from './Photo';
import s from './groups.module.css';

/** How many members the grid shows before "View all members". */
const MEMBER_GRID_MAX = 15;

export interface MemberGridProps {
  info: GroupInfo;
  onMember: (userId: string) => void;
  onAdd: () => void;
  /** The owner's "−"; absent for members. */
  onRemove?: () => void;
  onAll: () => void;
}

/** Chat Info's member grid: the first members (photo and showName), "+" to add, "−" to remove. */
export function MemberGrid({ info, onMember, onAdd, onRemove, onAll }: MemberGridProps) {
  const t = useT();
  const shown = info.members.slice(0, MEMBER_GRID_MAX);
  return (
    <section aria-label={t('groups.info.members', { count: info.members.length })}>
      <ul className={s.grid}>
        {shown.map((member) => (
          <li key={member.userId}>
            <button type="button" className={s.member} onClick={() => onMember(member.userId)}>
              <Photo name={member.showName} portrait={member.portrait} size={48} />
              <span className={s.memberName}>{member.showName}</span>
            </button>
          </li>
        ))}
        <li>
          <button type="button" className={s.member} aria-label={t('groups.info.add')} onClick={onAdd}>
            <span className={s.gridAction} aria-hidden>
              <AddOutline />
            </span>
          </button>
        </li>
        {onRemove && (
          <li>
            <button
              type="button"
              className={s.member}
              aria-label={t('groups.info.remove')}
              onClick={onRemove}
            >
              <span className={s.gridAction} aria-hidden>
                <MinusOutline />
              </span>
            </button>
          </li>
        )}
      </ul>
      <button type="button" className={s.allMembers} onClick={onAll}>
        {t('groups.info.allMembers')}
      </button>
    </section>
  );
}
