import { useId, type ReactNode } from 'react';
import { RightOutline } from 'antd-mobile-icons';
import s from './EntryList.module.css';

export interface Entry {
  key: string;
  label: string;
  icon?: ReactNode;
  /** What is new behind the entry: shown at its end, and read as its description. */
  news?: { badge?: string; picture?: ReactNode; description: string };
  /**
   * Set on a feature PaiChat does not have: the row is greyed and ends with this tag ("Not
   * available") instead of a chevron.
   */
  unavailable?: string;
  onPress: () => void;
}

/** Rows that each open another screen (Me, Contact and Discover entries). */
export function EntryList({ entries, label }: { entries: readonly Entry[]; label?: string }) {
  const idBase = useId();
  return (
    <ul className={s.list} aria-label={label}>
      {entries.map((entry) => {
        const descriptionId = `${idBase}-${entry.key}`;
        const description = entry.news?.description ?? entry.unavailable;
        return (
          <li key={entry.key}>
            <button
              type="button"
              className={s.row}
              aria-describedby={description ? descriptionId : undefined}
              // Still tappable: the tap says why it is unavailable.
              aria-disabled={entry.unavailable ? true : undefined}
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
              {entry.unavailable ? (
                <span className={s.tag} aria-hidden>
                  {entry.unavailable}
                </span>
              ) : (
                <RightOutline className={s.chevron} aria-hidden />
              )}
            </button>
            {/* The news or the tag is the entry's description, not part of its name ("Moments", "3 new"). */}
            {description && (
              <span id={descriptionId} className="visually-hidden">
                {description}
              </span>
            )}
          </li>
        );
      })}
    </ul>
  );
}
