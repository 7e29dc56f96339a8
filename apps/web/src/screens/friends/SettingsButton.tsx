import { MoreOutline } from 'antd-mobile-icons';
import { useFriendInfo } from '../../api/queries/friendInfo';
import { withQuery } from '../../lib/url';
import { useNav } from '../../nav';
import { useT } from '../../i18n';
import s from './friends.module.css';

/**
 * The "…" at the top right of a person's page: their Profile Settings (the blacklist among
 * them), for anyone but oneself. `personRef` is the reference the page was opened with, which
 * a stranger's settings need as much as their page does.
 */
export function SettingsButton({
  userId,
  personRef = '',
  profileSettingsUrl,
}: {
  userId: string;
  personRef?: string;
  profileSettingsUrl: string;
}) {
  const t = useT();
  const nav = useNav();
  const info = useFriendInfo(userId, personRef);
  if (!info.data || info.data.isSelf) return null;
  return (
    <button
      type="button"
      className={s.iconButton}
      aria-label={t('routes.profileSettings')}
      onClick={() => nav.navigateTo(withQuery(profileSettingsUrl, { userId, ref: personRef || undefined }))}
    >
      <MoreOutline aria-hidden />
    </button>
  );
}
