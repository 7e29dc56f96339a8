import { FriendSource } from '@paichat/protocol';
import { Page } from '../../components/Page';
import { withQuery } from '../../lib/url';
import { useRouteParams } from '../../nav';
import { useT } from '../../i18n';
import { BlockedNotice } from './BlockedNotice';
import { PersonActions } from './PersonActions';
import { PersonCard } from './PersonCard';
import { PersonLoader, useRefParam, useUserIdParam } from './PersonLoader';
import { SettingsButton } from './SettingsButton';

export interface AddFriendDetailScreenProps {
  friendRequestUrl: string;
  chatWindowUrl: string;
  profileSettingsUrl: string;
}

/**
 * Add-friend detail: the person found by search (or through a card, `source=card`, or a QR
 * link, `source=qrcode`), with "Add to contacts", or "Messages" when already friends, or a note
 * that this is you; "…" opens their settings, where even a stranger met in People Nearby or
 * Shake can be blocked. The `ref` the page was opened with travels on to the friend request and
 * the settings.
 */
export function AddFriendDetailScreen({
  friendRequestUrl,
  chatWindowUrl,
  profileSettingsUrl,
}: AddFriendDetailScreenProps) {
  const t = useT();
  const userId = useUserIdParam();
  const personRef = useRefParam();
  const parsed = FriendSource.safeParse(useRouteParams().source);
  const source = parsed.success ? parsed.data : 'search';

  return (
    <Page
      title={t('routes.addFriendDetail')}
      headerRight={
        <SettingsButton userId={userId} personRef={personRef} profileSettingsUrl={profileSettingsUrl} />
      }
    >
      <PersonLoader userId={userId} personRef={personRef}>
        {(person) => (
          <>
            <PersonCard person={person} />
            {person.isBlocked && <BlockedNotice userId={person.userId} />}
            <PersonActions
              person={person}
              chatUrl={withQuery(chatWindowUrl, { userId: person.userId })}
              requestUrl={withQuery(friendRequestUrl, {
                userId: person.userId,
                source,
                ref: personRef || undefined,
              })}
            />
          </>
        )}
      </PersonLoader>
    </Page>
  );
}
