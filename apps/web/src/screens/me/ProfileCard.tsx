import { RightOutline } from 'antd-mobile-icons';
import { Avatar } from '../../components/Avatar';
import { useMyInfo } from '../../api/queries/myInfo';
import { useT } from '../../i18n';
import s from './MeScreen.module.css';

/**
 * The signed-in person: photo (or initials), nickname and chat ID. Tapping the card opens
 * Personal Info; it is a larger target for the "Personal Info" entry below, which is the
 * control keyboards and screen readers use (so the page has one control of that name).
 */
export function ProfileCard({ enabled, onOpen }: { enabled: boolean; onOpen?: () => void }) {
  const t = useT();
  const info = useMyInfo(enabled);

  if (!info.data) {
    return (
      <section className={s.card} aria-busy={info.isPending && !info.isError}>
        {info.isError ? (
          <div className={s.failed}>
            <p>{t('me.loadFailed')}</p>
            <button type="button" className={s.retry} onClick={() => void info.refetch()}>
              {t('common.retry')}
            </button>
          </div>
        ) : (
          <p className={s.loading}>{t('common.loading')}</p>
        )}
      </section>
    );
  }

  const { nickName, portrait, chatNo } = info.data;
  return (
    <section className={onOpen ? `${s.card} ${s.cardOpens}` : s.card} onClick={onOpen}>
      <Avatar
        name={nickName}
        src={portrait || undefined}
        alt={nickName ? t('me.avatarAlt', { name: nickName }) : t('me.defaultAvatar')}
        size={64}
      />
      <div className={s.who}>
        <h2 className={s.nickName}>{nickName}</h2>
        {chatNo && <p className={s.chatNo}>{t('me.chatId', { chatNo })}</p>}
      </div>
      {onOpen && <RightOutline className={s.chevron} aria-hidden />}
    </section>
  );
}
