import { useState } from 'react';
import type { GroupInfo } from '@paichat/protocol';
import { InfoList, type InfoRow } from '../../components/InfoList';
import { Page } from '../../components/Page';
import { useT } from '../../i18n';
import { withQuery } from '../../lib/url';
import { useNav } from '../../nav';
import { ChatSettings } from './ChatSettings';
import { GroupLoader, useGroupIdParam } from './GroupLoader';
import { LeaveActions } from './LeaveActions';
import { MemberGrid } from './MemberGrid';
import { NickSheet } from './NickSheet';
import s from './groups.module.css';

export interface ChatInfoLinks {
  contactInfo: string;
  addMembers: string;
  members: string;
  editName: string;
  editNotice: string;
  qrCode: string;
  /** The Message tab (after quitting). */
  message: string;
}

function ChatInfo({ info, links }: { info: GroupInfo; links: ChatInfoLinks }) {
  const t = useT();
  const nav = useNav();
  const [nickOpen, setNickOpen] = useState(false);
  const { group } = info;
  const groupId = group.groupId;
  const member = group.myRole !== null;
  const isOwner = group.myRole === 'OWNER';
  const open = (url: string, params: Record<string, string> = {}) =>
    nav.navigateTo(withQuery(url, { groupId, ...params }));

  const rows: InfoRow[] = [
    { key: 'name', label: t('groups.info.name'), value: group.name, onPress: () => open(links.editName) },
    {
      key: 'notice',
      label: t('groups.info.notice'),
      value: group.notice || t('groups.info.notSet'),
      onPress: () => open(links.editNotice),
    },
  ];
  if (member) {
    rows.push(
      { key: 'qr', label: t('groups.info.qrCode'), onPress: () => open(links.qrCode) },
      {
        key: 'nick',
        label: t('groups.info.myNick'),
        value: group.myGroupNick || t('groups.info.notSet'),
        onPress: () => setNickOpen(true),
      },
    );
  }

  return (
    <>
      {member ? (
        <MemberGrid
          info={info}
          onMember={(userId) => nav.navigateTo(withQuery(links.contactInfo, { userId }))}
          onAdd={() => open(links.addMembers)}
          onRemove={isOwner ? () => open(links.members, { action: 'remove' }) : undefined}
          onAll={() => open(links.members)}
        />
      ) : (
        <p className={s.note} role="status">
          {t(group.status === 'DISMISSED' ? 'chatWindow.groupDismissed' : 'chatWindow.groupLeft')}
        </p>
      )}
      <InfoList rows={rows} />
      <ChatSettings group={group} />
      {isOwner && (
        <InfoList
          rows={[
            {
              key: 'transfer',
              label: t('groups.info.transfer'),
              onPress: () => open(links.members, { action: 'transfer' }),
            },
          ]}
        />
      )}
      {member && <LeaveActions group={group} messageUrl={links.message} />}
      {member && (
        <NickSheet
          open={nickOpen}
          groupId={groupId}
          current={group.myGroupNick}
          onClose={() => setNickOpen(false)}
        />
      )}
    </>
  );
}

/** Chat Info (`wx/groupInfo/detail?groupId=…`): members, the group's pages, settings, leaving. */
export function ChatInfoScreen({ links }: { links: ChatInfoLinks }) {
  const t = useT();
  const groupId = useGroupIdParam();
  return (
    <Page title={t('routes.chatInfo')}>
      <GroupLoader groupId={groupId}>{(info) => <ChatInfo info={info} links={links} />}</GroupLoader>
    </Page>
  );
}
