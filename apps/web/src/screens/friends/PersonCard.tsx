import type { PersonView } from '@paichat/protocol';
import { Avatar } from '../../components/Avatar';
import { useT } from '../../i18n';
import { useRegionText } from '../profile/useRegions';
import s from './friends.module.css';

/**
 * Who a person is: photo, the name the viewer gave them (with their own nickname below), chat
 * ID, region, bio and, for a friend, the viewer's tags.
 */
export function PersonCard({ person }: { person: PersonView }) {
  const t = useT();
  const remark = person.remark.trim();
  const name = remark || person.nickName;
  const region = useRegionText(person.address);
  return (
    <>
      <section className={s.card}>
        <Avatar
          name={name}
          src={person.portrait || undefined}
          alt={t('friends.avatarAlt', { name: person.nickName })}
          size={64}
        />
        <div className={s.who}>
          <h2 className={s.name}>{name}</h2>
          {remark && <p className={s.detail}>{t('friends.nickName', { nickName: person.nickName })}</p>}
          {person.chatNo && <p className={s.detail}>{t('friends.chatId', { chatNo: person.chatNo })}</p>}
        </div>
      </section>
      <dl className={s.facts}>
        {region && (
          <div className={s.fact}>
            <dt>{t('friends.region')}</dt>
            <dd>{region}</dd>
          </div>
        )}
        {person.intro.trim() && (
          <div className={s.fact}>
            <dt>{t('friends.bio')}</dt>
            <dd>{person.intro}</dd>
          </div>
        )}
        {person.tags.length > 0 && (
          <div className={s.fact}>
            <dt>{t('friends.tags')}</dt>
            <dd>
              <ul className={s.tagList}>
                {person.tags.map((tag) => (
                  <li key={tag} className={s.tag}>
                    {tag}
                  </li>
                ))}
              </ul>
            </dd>
          </div>
        )}
      </dl>
    </>
  );
}
