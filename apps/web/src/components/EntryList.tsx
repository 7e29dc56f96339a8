import { useId, type ReactNode } from 'react';
import { RightOutline } from 'antd-mobile-icons';
import s from './EntryList.module.css';

export interface Entry {
  key: string;
  label: string;
  icon?: ReactNode;
  /** What is new behind the entry: shown at its end, and read as its description. */
  news?: { badge?: string; picture?: ReactNode; description: string };
  onPress: () => void;
}

/** Rows that each open another screen (Me, Contact and Discover entries). */
export function EntryList({ entries, label }: { entries: readonly Entry[]; label?: string }) {
  const idBase = useId();
  return (
    <ul className={s.list} aria-label={label}>
      {entries.map((entry) => {
        const newsId = `${idBase}-${entry.key}`;
        return (
          <li key={entry.key}>
            <button
              type="button"
              className={s.row}
              aria-describedby={entry.news ? newsId : undefined}
              onClick={entry.onPress}
            >
              {entry.icon && (
                <span className={s.icon} aria-hidden>
                  {entry.icon}
                </span>
              )}
              <span className={s.label}>{entry.label}</span>
              {entry.news?.picture && (
                <span className={s.picture} aria-hidden>
                  {entry.news.picture}
                </span>
              )}
              {entry.news?.badge && (
                <span className={s.badge} aria-hidden>
                  {entry.news.badge}
                </span>
              )}
              <RightOutline className={s.chevron} aria-hidden />
            </button>
            {/* The news is the entry's description, not part of its name ("Moments", "3 new"). */}
            {entry.news && (
              <span id={newsId} className="visually-hidden">
                {entry.news.description}
              </span>
            )}
          </li>
        );
      })}
    </ul>
  );
}
