import { useState } from 'react';
import { CloseOutline, SoundOutline } from 'antd-mobile-icons';
import { useGroupInfo } from '../../api/queries/groupInfo';
import { useT } from '../../i18n';
import { markNoticeSeen, noticeSeenAt } from '../../store/groupNoticeSeen';
import s from './ChatWindow.module.css';

/**
 * The group notice, at the top of the chat, for a member who has not seen it since it last
 * changed (as WeChat shows it on entering); closing it marks it seen on this device.
 */
export function GroupNoticeBanner({ groupId }: { groupId: string }) {
  const t = useT();
  const info = useGroupInfo(groupId);
  const [seen, setSeen] = useState(() => noticeSeenAt(groupId));
  const group = info.data?.group;
  if (!group || !group.notice || group.myRole === null || group.noticeTime <= seen) return null;

  const close = () => {
    markNoticeSeen(groupId, group.noticeTime);
    setSeen(group.noticeTime);
  };

  return (
    <section className={s.groupNotice} aria-label={t('groups.notice.banner')}>
      <SoundOutline className={s.groupNoticeIcon} aria-hidden />
      <p className={s.groupNoticeText}>{group.notice}</p>
      <button
        type="button"
        className={s.groupNoticeClose}
        aria-label={t('groups.notice.dismissBanner')}
        onClick={close}
      >
        <CloseOutline aria-hidden />
      </button>
    </section>
  );
}
