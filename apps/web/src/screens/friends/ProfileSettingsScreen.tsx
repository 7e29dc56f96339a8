import { useState } from 'react';
import { EditSOutline, RightOutline, SendOutline } from 'antd-mobile-icons';
import { MsgType, type PersonView } from '@paichat/protocol';
import { Page } from '../../components/Page';
import { Switch } from '../../components/Switch';
import { confirmDialog, showToast } from '../../lib/ui';
import { useDeleteFriend } from '../../api/queries/deleteFriend';
import { useSetBlocked } from '../../api/queries/setBlocked';
import { withQuery } from '../../lib/url';
import { useNav } from '../../nav';
import { useT } from '../../i18n';
import { displayNameOf } from '../../lib/contactGroups';
import { CardPickerSheet } from '../chat/CardPickerSheet';
import { useSendToFriend } from '../chat/useSendToFriend';
import { PersonLoader, useRefParam, useUserIdParam } from './PersonLoader';
import s from './friends.module.css';

export interface ProfileSettingsScreenProps {
  setRemarkUrl: string;
  /** The Contact tab, where a deleted friend's page leads. */
  contactUrl: string;
}

function Settings({
  person,
  personRef,
  setRemarkUrl,
  contactUrl,
}: { person: PersonView; personRef: string } & ProfileSettingsScreenProps) {
  const t = useT();
  const nav = useNav();
  const setBlocked = useSetBlocked();
  const remove = useDeleteFriend();
  const name = displayNameOf(person);
  const [sharing, setSharing] = useState(false);
  const sendToFriend = useSendToFriend();

  const onBlacklist = async (blocked: boolean) => {
    // Adding cuts them off: ask first. Taking them off the list again is harmless.
    if (blocked) {
      const confirmed = await confirmDialog({
        title: t('friends.blacklistTitle'),
        content: t('friends.blacklistConfirm', { name }),
        confirmText: t('common.confirm'),
        cancelText: t('common.cancel'),
      });
      if (!confirmed) return;
    }
    try {
      await setBlocked.mutateAsync({ userId: person.userId, blocked, personRef });
      showToast(t(blocked ? 'friends.blacklistAdded' : 'friends.blacklistRemoved'), { role: 'status' });
    } catch {
      // The request function has shown why.
    }
  };

  /** Sends this person's card into the chat with the chosen friend, as the chat's attachment menu would. */
  const onShareTo = (recipientId: string, recipientName: string) =>
    sendToFriend(
      recipientId,
      MsgType.CARD,
      // A stranger's card needs the reference that showed them, as their page does.
      { userId: person.userId, ...(personRef ? { ref: personRef } : {}) },
      {
        title: t('friends.shareCard'),
        question: t('friends.shareCardConfirm', { name, recipient: recipientName }),
        sent: t('friends.shareCardSent'),
      },
    );

  const onDelete = async () => {
    const confirmed = await confirmDialog({
      title: t('friends.deleteTitle'),
      content: t('friends.deleteConfirm', { name }),
      confirmText: t('friends.delete'),
      danger: true,
      cancelText: t('common.cancel'),
    });
    if (!confirmed) return;
    try {
      await remove.mutateAsync(person.userId);
      showToast(t('friends.deleted'), { role: 'status' });
      nav.reLaunch(contactUrl);
    } catch {
      // The request function has shown why.
    }
  };

  return (
    <>
      {person.isFriend && (
        <ul className={s.settingsList}>
          <li>
            <button
              type="button"
              className={s.settingsRow}
              onClick={() => nav.navigateTo(withQuery(setRemarkUrl, { userId: person.userId }))}
            >
              <EditSOutline aria-hidden />
              <span className={s.settingsLabel}>{t('friends.setRemarkAndTags')}</span>
              <RightOutline className={s.chevron} aria-hidden />
            </button>
          </li>
        </ul>
      )}
      <div className={s.settingsList}>
        <Switch
          label={t('friends.blacklist')}
          checked={person.isBlocked}
          busy={setBlocked.isPending}
          onChange={(blocked) => void onBlacklist(blocked)}
        />
      </div>
      <div className={s.settingsList}>
        <button type="button" className={s.settingsRow} onClick={() => setSharing(true)}>
          <SendOutline aria-hidden />
          <span className={s.settingsLabel}>{t('friends.shareCard')}</span>
          <RightOutline className={s.chevron} aria-hidden />
        </button>
      </div>
      <CardPickerSheet
        open={sharing}
        title={t('friends.shareCardTo')}
        excludeUserId={person.userId}
        onClose={() => setSharing(false)}
        onPick={(userId, recipientName) => void onShareTo(userId, recipientName)}
      />
      {person.isFriend && (
        <div className={s.settingsList}>
          <button
            type="button"
            className={s.danger}
            disabled={remove.isPending}
            aria-busy={remove.isPending}
            onClick={() => void onDelete()}
          >
            {t('friends.delete')}
          </button>
        </div>
      )}
    </>
  );
}

/**
 * Profile Settings: remark and tags, the blacklist, the contact card, and Delete. A stranger's
 * (met in People Nearby, Shake, a search or on a card) opens with the `ref` their page had.
 */
export function ProfileSettingsScreen(props: ProfileSettingsScreenProps) {
  const t = useT();
  const userId = useUserIdParam();
  const personRef = useRefParam();
  return (
    <Page title={t('routes.profileSettings')}>
      <PersonLoader userId={userId} personRef={personRef}>
        {(person) => <Settings person={person} personRef={personRef} {...props} />}
      </PersonLoader>
    </Page>
  );
}
