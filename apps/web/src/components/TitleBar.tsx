import type { ReactNode } from 'react';
import { LeftOutline } from 'antd-mobile-icons';
import { useT } from '../i18n';
import { OfflineNotice } from './OfflineNotice';
import s from './TitleBar.module.css';

export interface TitleBarProps {
  title: string;
  /** Shows a back button when given. */
  onBack?: () => void;
  /** An action on the far side (a Done or Clear button). */
  right?: ReactNode;
}

/**
 * The page title bar: back button, centred title (the page's heading), optional action; under
 * it, while the phone is offline, the notice that says so.
 */
export function TitleBar({ title, onBack, right }: TitleBarProps) {
  const t = useT();
  return (
    <header className={s.bar}>
      <div className={s.row}>
        {onBack && (
          <button type="button" className={s.back} aria-label={t('common.back')} onClick={onBack}>
            <LeftOutline aria-hidden />
          </button>
        )}
        <h1 className={s.title}>{title}</h1>
        {right && <div className={s.right}>{right}</div>}
      </div>
      <OfflineNotice />
    </header>
  );
}
