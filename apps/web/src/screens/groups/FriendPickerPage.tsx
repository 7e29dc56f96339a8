import { useMemo } from 'react';
import { Page } from '../../components/Page';
import { useFriendList } from '../../api/queries/friendList';
import { useT } from '../../i18n';
import { DoneCountButton, PeoplePicker, useSelection } from './PeoplePicker';
import { friendsAsPeople } from './people';
import { LoadFailed } from './LoadFailed';
import s from './groups.module.css';

export interface FriendPickerPageProps {
  title: string;
  /** Friends not offered (already members). */
  excluded?: ReadonlySet<string>;
  /** Done stays disabled until this many are ticked. */
  min: number;
  busy: boolean;
  onDone: (userIds: string[]) => void;
}

/** Tick friends, then Done (with the count): creating a group, adding members. */
export function FriendPickerPage({ title, excluded, min, busy, onDone }: FriendPickerPageProps) {
  const t = useT();
  const friends = useFriendList();
  const { selected, toggle } = useSelection();
  const people = useMemo(
    () => friendsAsPeople(friends.data ?? []).filter((person) => !excluded?.has(person.userId)),
    [friends.data, excluded],
  );

  let body;
  if (friends.isPending) body = <p className={s.note}>{t('common.loading')}</p>;
  else if (friends.isError)
    body = <LoadFailed text={t('contacts.loadFailed')} onRetry={() => void friends.refetch()} />;
  else
    body = (
      <>
        {min > 1 && <p className={s.note}>{t('groups.pickAtLeast', { min })}</p>}
        <PeoplePicker
          people={people}
          selected={selected}
          onToggle={toggle}
          emptyText={t('groups.noContacts')}
        />
      </>
    );

  return (
    <Page
      title={title}
      headerRight={
        <DoneCountButton count={selected.size} min={min} busy={busy} onClick={() => onDone([...selected])} />
      }
    >
      {body}
    </Page>
  );
}
