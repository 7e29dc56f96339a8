import type { ReactNode } from 'react';
import s from './EmptyState.module.css';

export interface EmptyStateProps {
  /** The heading; leave it out when the page title already says it. */
  title?: string;
  hint?: string;
  icon?: ReactNode;
  children?: ReactNode;
}

/** Nothing to show (yet): a title, a hint, maybe an action. */
export function EmptyState({ title, hint, icon, children }: EmptyStateProps) {
  return (
    <section className={s.empty} aria-label={title}>
      {icon && (
        <div className={s.icon} aria-hidden>
          {icon}
        </div>
      )}
      {title && <h2 className={s.title}>{title}</h2>}
      {hint && <p className={s.hint}>{hint}</p>}
      {children}
    </section>
  );
}
