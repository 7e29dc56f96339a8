import { MoreOutline } from 'antd-mobile-icons';
import { Page } from '../../components/Page';
import { EntryList } from '../../components/EntryList';
import { withQuery } from '../../lib/url';
import { useNav } from '../../nav';
import { useT } from '../../i18n';
import { useFriendInfo } from '../../api/queries/friendInfo';
import { BlockedNotice } from './BlockedNotice';
import { PersonCard } from './PersonCard';
import { PersonLoader, useUserIdParam } from './PersonLoader';
import s from './friends.module.css';

export interface ContactInfoScreenProps {
  chatWindowUrl: string;
  friendRequestUrl: string;
  profileSettingsUrl: string;
  /** A person's Moments album; the person's id goes in as `userId`. */
  albumUrl: string;
}

/** Info: a contact's profile, "Send message", "Add friend" for non-friends, and their settings. */
export function ContactInfoScreen({
  chatWindowUrl,
  friendRequestUrl,
  profileSettingsUrl,
  albumUrl,
}: ContactInfoScreenProps) {
  const t = useT();
  const nav = useNav();
  const userId = useUserIdParam();
  const info = useFriendInfo(userId);
  const withSettings = !!info.data && !info.data.isSelf;

  return (
    <Page
      title={t('routes.contactInfo')}
      headerRight={
        withSettings && (
          <button
            type="button"
            className={s.iconButton}
            aria-label={t('routes.profileSettings')}
            onClick={() => nav.navigateTo(withQuery(profileSettingsUrl, { userId }))}
          >
            <MoreOutline aria-hidden />
          </button>
        )
      }
    >
      <PersonLoader userId={userId}>
        {(person) => (
          <>
            <PersonCard person={person} />
            {person.isBlocked && <BlockedNotice userId={person.userId} />}
            {(person.isFriend || person.isSelf) && (
              <EntryList
                entries={[
                  {
                    key: 'moments',
                    label: t('routes.moments'),
                    onPress: () => nav.navigateTo(withQuery(albumUrl, { userId: person.userId })),
                  },
                ]}
              />
            )}
            <div className={s.actions}>
              {person.isSelf ? (
                <p className={s.note}>{t('friends.thisIsYou')}</p>
              ) : (
                <>
                  <button
                    type="button"
                    className={s.primary}
                    onClick={() => nav.navigateTo(withQuery(chatWindowUrl, { userId: person.userId }))}
                  >
                    {t('friends.sendMessage')}
                  </button>
                  {!person.isFriend && (
                    <>
                      {person.requestSent && <p className={s.note}>{t('friends.requestWaiting')}</p>}
                      <button
                        type="button"
                        className={s.secondary}
                        onClick={() =>
                          nav.navigateTo(
                            withQuery(friendRequestUrl, { userId: person.userId, source: 'search' }),
                          )
                        }
                      >
                        {t('friends.addFriend')}
                      </button>
                    </>
                  )}
                </>
              )}
            </div>
          </>
        )}
      </PersonLoader>
    </Page>
  );
}
