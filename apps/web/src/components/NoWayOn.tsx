import type { ReactNode } from 'react';
import { QuestionCircleOutline } from 'antd-mobile-icons';
import { HOME, useNav } from '../nav';
import { useT } from '../i18n';
import { EmptyState } from './EmptyState';
import s from './NoWayOn.module.css';

export interface NoWayOnProps {
  /** What is missing ("This chat could not be opened"). */
  title?: string;
  hint?: string;
  /** Given when asking again may help (a failed load of an id the page has). */
  onRetry?: () => void;
  /** The way on: home by default ('/', the Message tab when signed in), "Back to Chats". */
  home?: { url: string; label: string };
}

/**
 * A page opened without its id, or with one that names nothing (any more): says so, and offers
 * the way on (Retry where asking again may help), never a dead end.
 */
export function NoWayOn({ title, hint, onRetry, home }: NoWayOnProps): ReactNode {
  const t = useT();
  const nav = useNav();
  return (
    <EmptyState icon={<QuestionCircleOutline />} title={title} hint={hint}>
      <div className={s.actions}>
        {onRetry && (
          <button type="button" className={s.secondary} onClick={onRetry}>
            {t('common.retry')}
          </button>
        )}
        <button type="button" className={s.primary} onClick={() => nav.reLaunch(home?.url ?? HOME)}>
          {home?.label ?? t('common.backToChats')}
        </button>
      </div>
    </EmptyState>
  );
}
