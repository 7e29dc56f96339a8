import type { ReactNode } from 'react';
import type { MyInfo } from '@paichat/protocol';
import { useMyInfo } from '../../api/queries/myInfo';
import { useT } from '../../i18n';
import s from './profile.module.css';

/** Renders its children with the signed-in user's profile, once loaded; a retry if it fails. */
export function WithMyInfo({ children }: { children: (info: MyInfo) => ReactNode }) {
  const t = useT();
  const info = useMyInfo();
  if (info.data) return children(info.data);
  if (info.isError) {
    return (
      <div className={s.state}>
        <p>{t('me.loadFailed')}</p>
        <button type="button" className={s.secondary} onClick={() => void info.refetch()}>
          {t('common.retry')}
        </button>
      </div>
    );
  }
  return (
    <p className={s.state} aria-busy>
      {t('common.loading')}
    </p>
  );
}
