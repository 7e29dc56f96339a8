import { useMemo } from 'react';
import { removeGroupMembers, transferGroup, type GroupInfo } from '@paichat/protocol';
import { Page } from '../../components/Page';
import { confirmDialog, showToast } from '../../lib/ui';
import { useUpdateGroup } from '../../api/queries/groupInfo';
import { useT } from '../../i18n';
import { withQuery } from '../../lib/url';
import { useNav, useRouteParams } from '../../nav';
import { GroupLoader, useGroupIdParam } from './GroupLoader';
import { DoneCountButton, PeoplePicker, useSelection } from './PeoplePicker';
import { NobodyNote, usePeopleSearch } from './PeopleSearch';
import { membersAsPeople, type Person } from './people';
import { Photo } from './Photo';
import s from './groups.module.css';

/** What the page is for: everyone's list, ticking members to remove, or picking the new owner. */
export type MembersAction = 'view' | 'remove' | 'transfer';

function MemberRows({
  people,
  ownerId,
  onPick,
}: {
  people: readonly Person[];
  ownerId: string;
  onPick: (person: Person) => void;
}) {
  const t = useT();
  const { field, shown } = usePeopleSearch(people, t('contacts.search'));
  return (
    <>
      {field}
      {shown.length === 0 ? (
        <NobodyNote total={people.length} empty={t('groups.noContacts')} />
      ) : (
        <ul className={s.people}>
          {shown.map((person) => (
            <li key={person.userId}>
              <button type="button" className={s.person} onClick={() => onPick(person)}>
                <Photo name={person.name} portrait={person.portrait} />
                <span className={s.personName}>{person.name}</span>
                {person.userId === ownerId && <span className={s.tag}>{t('groups.owner')}</span>}
              </button>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** The owner ticks members and removes them (after the spec's confirmation). */
function RemoveMembers({ info }: { info: GroupInfo }) {
  const t = useT();
  const nav = useNav();
  const remove = useUpdateGroup(removeGroupMembers);
  const { selected, toggle } = useSelection();
  const { group } = info;
  const others = useMemo(
    () => membersAsPeople(info.members.filter((member) => member.userId !== group.ownerId)),
    [info.members, group.ownerId],
  );

  const onDone = async () => {
    const names = others.filter((person) => selected.has(person.userId)).map((person) => person.name);
    const confirmed = await confirmDialog({
      title: t('groups.confirm.removeTitle'),
      content: t('groups.confirm.removeContent', { names: names.join(', ') }),
      confirmText: t('groups.confirm.remove'),
      danger: true,
      cancelText: t('common.cancel'),
    });
    if (!confirmed) return;
    try {
      await remove.mutateAsync({ groupId: group.groupId, userIds: [...selected] });
      nav.navigateBack();
    } catch {
      // The request function has shown why.
    }
  };

  return (
    <Page
      title={t('groups.pick.removeTitle')}
      headerRight={
        <DoneCountButton count={selected.size} busy={remove.isPending} onClick={() => void onDone()} />
      }
    >
      <PeoplePicker
        people={others}
        selected={selected}
        onToggle={toggle}
        emptyText={t('groups.noContacts')}
      />
    </Page>
  );
}

/** The owner picks the member who takes the group over. */
function TransferOwnership({ info }: { info: GroupInfo }) {
  const t = useT();
  const nav = useNav();
  const transfer = useUpdateGroup(transferGroup);
  const { group } = info;
  const others = membersAsPeople(info.members.filter((member) => member.userId !== group.ownerId));

  const onPick = async (person: Person) => {
    if (transfer.isPending) return;
    const confirmed = await confirmDialog({
      title: t('groups.confirm.transferTitle'),
      content: t('groups.confirm.transferContent', { name: person.name }),
      confirmText: t('groups.confirm.transfer'),
      cancelText: t('common.cancel'),
    });
    if (!confirmed) return;
    try {
      await transfer.mutateAsync({ groupId: group.groupId, userId: person.userId });
      showToast(t('groups.toast.transferred'), { role: 'status' });
      nav.navigateBack();
    } catch {
      // The request function has shown why.
    }
  };

  return (
    <Page title={t('groups.pick.transferTitle')}>
      <MemberRows people={others} ownerId={group.ownerId} onPick={(person) => void onPick(person)} />
    </Page>
  );
}

/**
 * Chat Members (`wx/groupInfo/qunless?groupId=…`): every member with a search; a member opens
 * their Info page. `action=remove` and `action=transfer` are the owner's pickers.
 */
export function ChatMembersScreen({ contactInfoUrl }: { contactInfoUrl: string }) {
  const t = useT();
  const nav = useNav();
  const groupId = useGroupIdParam();
  const action = useRouteParams().action as MembersAction | undefined;
  const title = (info?: GroupInfo) =>
    info ? `${t('routes.chatMembers')} (${info.members.length})` : t('routes.chatMembers');

  return (
    <GroupLoader groupId={groupId} fallbackTitle={title()}>
      {(info) => {
        if (action === 'remove') return <RemoveMembers info={info} />;
        if (action === 'transfer') return <TransferOwnership info={info} />;
        return (
          <Page title={title(info)}>
            <MemberRows
              people={membersAsPeople(info.members)}
              ownerId={info.group.ownerId}
              onPick={(person) => nav.navigateTo(withQuery(contactInfoUrl, { userId: person.userId }))}
            />
          </Page>
        );
      }}
    </GroupLoader>
  );
}
