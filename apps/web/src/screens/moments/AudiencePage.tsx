import { useMemo, useState } from 'react';
import type { MomentVisibility } from '@paichat/protocol';
import { Page } from '../../components/Page';
import { useFriendList } from '../../api/queries/friendList';
import { useT } from '../../i18n';
import { PeoplePicker, useSelection } from '../groups/PeoplePicker';
import { friendsAsPeople } from '../groups/people';
import { LoadFailed } from '../groups/LoadFailed';
import s from './moments.module.css';

export interface Audience {
  visibility: MomentVisibility;
  userIds: string[];
}

const CHOICES: readonly MomentVisibility[] = ['PUBLIC', 'PRIVATE', 'INCLUDE', 'EXCLUDE'];

/**
 * Who can see a post, as WeChat asks it: all friends, only me, only the friends I choose, or all
 * friends except the ones I choose (with the friends to tick for the last two). Done keeps the
 * choice; Back leaves it as it was.
 */
export function AudiencePage({
  value,
  onDone,
  onCancel,
}: {
  value: Audience;
  onDone: (audience: Audience) => void;
  onCancel: () => void;
}) {
  const t = useT();
  const friends = useFriendList();
  const { selected, toggle } = useSelection(value.userIds);
  const [visibility, setVisibility] = useState(value.visibility);
  const people = useMemo(() => friendsAsPeople(friends.data ?? []), [friends.data]);
  const choosing = visibility === 'INCLUDE' || visibility === 'EXCLUDE';
  const ready = !choosing || selected.size > 0;

  return (
    <Page
      title={t('moments.audience.title')}
      onBack={onCancel}
      headerRight={
        <button
          type="button"
          className={s.primary}
          disabled={!ready}
          onClick={() => onDone({ visibility, userIds: choosing ? [...selected] : [] })}
        >
          {t('moments.done')}
        </button>
      }
    >
      <fieldset className={s.choices}>
        <legend className="visually-hidden">{t('moments.audience.title')}</legend>
        {CHOICES.map((choice) => (
          <label key={choice} className={s.choice}>
            <input
              type="radio"
              name="visibility"
              checked={visibility === choice}
              onChange={() => setVisibility(choice)}
            />
            <span>
              <span className={s.choiceName}>{t(`moments.audience.${choice}`)}</span>
              <span className={s.choiceHint}>{t(`moments.audience.${choice}_hint`)}</span>
            </span>
          </label>
        ))}
      </fieldset>
      {choosing &&
        (friends.isError ? (
          <LoadFailed text={t('contacts.loadFailed')} onRetry={() => void friends.refetch()} />
        ) : friends.isPending ? (
          <p className={s.note}>{t('common.loading')}</p>
        ) : (
          <PeoplePicker
            people={people}
            selected={selected}
            onToggle={toggle}
            emptyText={t('groups.noContacts')}
          />
        ))}
    </Page>
  );
}
