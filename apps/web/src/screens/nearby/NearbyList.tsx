import { useEffect, useState } from 'react';
import { TeamOutline } from 'antd-mobile-icons';
import { ErrorId, type NearbyGender, type NearbyPerson } from '@paichat/protocol';
import { useNearby } from '../../api/queries/nearby';
import { ApiError } from '../../api/request';
import { AppLink } from '../../components/AppLink';
import { Avatar } from '../../components/Avatar';
import { EmptyState } from '../../components/EmptyState';
import { PullRefresh } from '../../components/PullRefresh';
import { useT } from '../../i18n';
import { formatClockTime } from '../../lib/chatTime';
import { withQuery } from '../../lib/url';
import common from '../common/common.module.css';
import s from './nearby.module.css';

const FILTERS: readonly NearbyGender[] = ['all', 'female', 'male'];

/** Where a person's row leads: a friend's Info page, anyone else's page for a greeting. */
export interface PersonLinks {
  /** A stranger's page, opened with `source=nearby` and the list's reference. */
  addFriendDetailUrl: string;
  /** A friend's Info page. */
  contactInfoUrl: string;
}

function PersonRow({ person, links }: { person: NearbyPerson; links: PersonLinks }) {
  const t = useT();
  const to = person.isFriend
    ? withQuery(links.contactInfoUrl, { userId: person.userId })
    : withQuery(links.addFriendDetailUrl, { userId: person.userId, source: 'nearby', ref: person.ref });
  return (
    <li>
      <AppLink to={to} className={s.row}>
        <span aria-hidden className={s.avatar}>
          <Avatar name={person.nickName} src={person.portrait || undefined} alt="" size={48} />
        </span>
        <span className={s.text}>
          <span className={s.name}>
            <span className={s.nameText}>{person.nickName}</span>
            {person.gender !== 'unknown' && (
              <span className={s.gender} data-gender={person.gender}>
                {t(`profile.genders.${person.gender}`)}
              </span>
            )}
          </span>
          {person.intro && <span className={s.intro}>{person.intro}</span>}
        </span>
        <span className={s.distance}>{t(`nearby.within.${person.distance}`)}</span>
      </AppLink>
    </li>
  );
}

export interface NearbyListProps {
  links: PersonLinks;
  /** Shares the position again (pull to refresh); the lists reload once it is stored. */
  onRefresh: () => Promise<void>;
  /** The shared place expired while the page was open. */
  onExpired: () => void;
  onClear: () => void;
}

/**
 * The people near my shared place, nearest bucket first, filtered by gender; each opens their
 * page for a greeting, a friend their Info page. Below: until when I am visible, and "Clear my
 * location".
 */
export function NearbyList({ links, onRefresh, onExpired, onClear }: NearbyListProps) {
  const t = useT();
  const [gender, setGender] = useState<NearbyGender>('all');
  const query = useNearby(gender, true);
  const expired = query.error instanceof ApiError && query.error.err === ErrorId.locationRequired;
  useEffect(() => {
    if (expired) onExpired();
    // Once per expiry: the callback's identity changes with every render of the page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [expired]);
  const people = query.data?.list ?? [];

  return (
    <>
      <div className={s.filters} role="group" aria-label={t('nearby.filter')}>
        {FILTERS.map((value) => (
          <button
            key={value}
            type="button"
            className={s.filter}
            aria-pressed={gender === value}
            onClick={() => setGender(value)}
          >
            {value === 'all' ? t('nearby.all') : t(`profile.genders.${value}`)}
          </button>
        ))}
      </div>
      <PullRefresh onRefresh={onRefresh}>
        {query.isPending ? (
          <p className={s.note}>{t('common.loading')}</p>
        ) : query.isError && !expired ? (
          <EmptyState title={t('nearby.loadFailed')}>
            <button type="button" className={common.primary} onClick={() => void query.refetch()}>
              {t('common.retry')}
            </button>
          </EmptyState>
        ) : people.length === 0 ? (
          <EmptyState icon={<TeamOutline />} title={t('nearby.empty')} hint={t('nearby.emptyHint')} />
        ) : (
          <ul className={s.list} aria-label={t('routes.nearby')}>
            {people.map((person) => (
              <PersonRow key={person.userId} person={person} links={links} />
            ))}
          </ul>
        )}
      </PullRefresh>
      <footer className={s.footer}>
        {query.data && (
          <p className={s.note}>
            {t('nearby.visibleUntil', { time: formatClockTime(query.data.expiresAt) })}
          </p>
        )}
        <button type="button" className={s.danger} onClick={onClear}>
          {t('nearby.clear')}
        </button>
      </footer>
    </>
  );
}
