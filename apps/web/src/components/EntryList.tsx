import type { ReactNode } from 'react';
import { RightOutline } from 'antd-mobile-icons';
import s from './EntryList.module.css';

export interface Entry {
  key: string;
  label: string;
  icon?: ReactNode;
  onPress: () => void;
}

/** Rows that each open another screen (Me, Contact and Discover entries). */
export function EntryList({ entries, label }: { entries: readonly Entry[]; label?: string }) {
  return (
    <ul className={s.list} aria-label={label}>
      {entries.map((entry) => (
        <li key={entry.key}>
          <button type="button" className={s.row} onClick={entry.onPress}>
            {entry.icon && (
              <span className={s.icon} aria-hidden>
                {entry.icon}
              </span>
            )}
            <span className={s.label}>{entry.label}</span>
            <RightOutline className={s.chevron} aria-hidden />
          </button>
        </li>
      ))}
    </ul>
  );
}
