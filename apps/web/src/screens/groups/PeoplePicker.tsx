import { useState } from 'react';
import { useT } from '../../i18n';
import { NobodyNote, usePeopleSearch } from './PeopleSearch';
import type { Person } from './people';
import { Photo } from './Photo';
import s from './groups.module.css';

/** Which people are ticked, and how to tick or untick one. */
export function useSelection(initial: Iterable<string> = []) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set(initial));
  const toggle = (userId: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (!next.delete(userId)) next.add(userId);
      return next;
    });
  return { selected, toggle };
}

export interface PeoplePickerProps {
  people: readonly Person[];
  selected: ReadonlySet<string>;
  onToggle: (userId: string) => void;
  /** Shown when there is nobody to choose from. */
  emptyText: string;
}

/** People with a checkbox each (named by the person), and a search over them. */
export function PeoplePicker({ people, selected, onToggle, emptyText }: PeoplePickerProps) {
  const t = useT();
  const { field, shown } = usePeopleSearch(people, t('groups.searchContacts'));
  return (
    <>
      {field}
      {shown.length === 0 ? (
        <NobodyNote total={people.length} empty={emptyText} />
      ) : (
        <ul className={s.people}>
          {shown.map((person) => (
            <li key={person.userId}>
              <label className={s.person}>
                <input
                  type="checkbox"
                  className={s.check}
                  checked={selected.has(person.userId)}
                  onChange={() => onToggle(person.userId)}
                />
                <Photo name={person.name} portrait={person.portrait} />
                <span className={s.personName}>{person.name}</span>
              </label>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

export interface DoneCountButtonProps {
  count: number;
  /** Fewer ticked than this keeps it disabled. */
  min?: number;
  busy: boolean;
  onClick: () => void;
}

/** The title bar's Done of a picker, with the number ticked ("Done (3)"). */
export function DoneCountButton({ count, min = 1, busy, onClick }: DoneCountButtonProps) {
  const t = useT();
  return (
    <button
      type="button"
      className={s.done}
      disabled={count < min || busy}
      aria-busy={busy}
      onClick={onClick}
    >
      {count > 0 ? t('groups.doneCount', { count }) : t('groups.done')}
    </button>
  );
}
