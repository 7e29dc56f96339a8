import { useState } from 'react';
import { TextField } from '../../components/TextField';
import { useT } from '../../i18n';
import { matchesSearch, type Person } from './people';
import s from './groups.module.css';

/** A search box over a list of people; answers the field and the people it matches. */
export function usePeopleSearch(people: readonly Person[], label: string) {
  const [query, setQuery] = useState('');
  const shown = people.filter((person) => matchesSearch(person.name, query));
  const field = (
    <div className={s.search}>
      <TextField label={label} type="search" value={query} onValueChange={setQuery} />
    </div>
  );
  return { field, shown };
}

/** Why a list of people shows nobody: nobody to choose from, or nobody matching the search. */
export function NobodyNote({ total, empty }: { total: number; empty: string }) {
  const t = useT();
  return <p className={s.note}>{total === 0 ? empty : t('groups.noMatch')}</p>;
}
