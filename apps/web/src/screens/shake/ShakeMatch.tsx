import type { ShakePerson } from '@paichat/protocol';
import { AppLink } from '../../components/AppLink';
import { Avatar } from '../../components/Avatar';
import { useT } from '../../i18n';
import { withQuery } from '../../lib/url';
import s from './ShakeScreen.module.css';

/**
 * The person a shake found: photo, name, bio and how far (a bucket; none when either side
 * shook without a position), with Greet, which opens their add-friend page by the reference
 * the server gave (it works for this viewer only) and marks the request as found by Shake;
 * a friend is offered Messages, their chat, instead.
 */
export function ShakeMatch({
  person,
  addFriendDetailUrl,
  chatWindowUrl,
}: {
  person: ShakePerson;
  addFriendDetailUrl: string;
  chatWindowUrl: string;
}) {
  const t = useT();
  const action = person.isFriend
    ? { to: withQuery(chatWindowUrl, { userId: person.userId }), label: t('friends.messages') }
    : {
        to: withQuery(addFriendDetailUrl, { userId: person.userId, source: 'shake', ref: person.ref }),
        label: t('shake.greet'),
      };
  return (
    <section className={s.match} aria-label={t('shake.found')}>
      <Avatar name={person.nickName} src={person.portrait || undefined} alt="" size={56} />
      <div className={s.matchText}>
        <h2 className={s.matchName}>{person.nickName}</h2>
        {person.distance && <p className={s.matchFact}>{t(`shake.within.${person.distance}`)}</p>}
        {person.intro && <p className={s.matchFact}>{person.intro}</p>}
      </div>
      <AppLink className={s.action} to={action.to}>
        {action.label}
      </AppLink>
    </section>
  );
}
