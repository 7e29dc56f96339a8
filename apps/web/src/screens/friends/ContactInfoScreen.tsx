import { Page } from '../../components/Page';
import { EntryList } from '../../components/EntryList';
import { withQuery } from '../../lib/url';
import { useNav } from '../../nav';
import { useT } from '../../i18n';
import { BlockedNotice } from './BlockedNotice';
import { ClearHistoryRow } from './ClearHistoryRow';
import { MomentsRow } from './MomentsRow';
import { PersonActions } from './PersonActions';
import { PersonCard } from './PersonCard';
import { PersonLoader, useUserIdParam } from './PersonLoader';
import { SettingsButton } from './SettingsButton';

export interface ContactInfoScreenProps {
  chatWindowUrl: string;
  friendRequestUrl: string;
  profileSettingsUrl: string;
  /** Set Remark and tags; the friend's id goes in as `userId`. */
  setRemarkUrl: string;
  /** A person's Moments album; the person's id goes in as `userId`. */
  albumUrl: string;
}

/**
 * Info: a person's profile (remark, region, bio, tags), for a friend "Remark and tags" and their
 * newest Moments pictures, "Clear chat history" where there is a chat with them, then "Messages"
 * for a friend or "Add to contacts" for anyone else; "…" opens their settings.
 */
export function ContactInfoScreen({
  chatWindowUrl,
  friendRequestUrl,
  profileSettingsUrl,
  setRemarkUrl,
  albumUrl,
}: ContactInfoScreenProps) {
  const t = useT();
  const nav = useNav();
  const userId = useUserIdParam();

  return (
    <Page
      title={t('routes.contactInfo')}
      headerRight={<SettingsButton userId={userId} profileSettingsUrl={profileSettingsUrl} />}
    >
      <PersonLoader userId={userId}>
        {(person) => (
          <>
            <PersonCard person={person} />
            {person.isBlocked && <BlockedNotice userId={person.userId} />}
            {person.isFriend && (
              <EntryList
                entries={[
                  {
                    key: 'remark',
                    label: t('friends.setRemarkAndTags'),
                    onPress: () => nav.navigateTo(withQuery(setRemarkUrl, { userId: person.userId })),
                  },
                ]}
              />
            )}
            {(person.isFriend || person.isSelf) && (
              <MomentsRow
                userId={person.userId}
                onOpen={() => nav.navigateTo(withQuery(albumUrl, { userId: person.userId }))}
              />
            )}
            {!person.isSelf && (
              <ClearHistoryRow userId={person.userId} name={person.remark.trim() || person.nickName} />
            )}
            <PersonActions
              person={person}
              chatUrl={withQuery(chatWindowUrl, { userId: person.userId })}
              requestUrl={withQuery(friendRequestUrl, { userId: person.userId, source: 'search' })}
            />
          </>
        )}
      </PersonLoader>
    </Page>
  );
}
