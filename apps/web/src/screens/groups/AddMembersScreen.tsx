import { useMemo } from 'react';
import { addGroupMembers } from '@paichat/protocol';
import { useGroupInfo, useUpdateGroup } from '../../api/queries/groupInfo';
import { useT } from '../../i18n';
import { useNav } from '../../nav';
import { FriendPickerPage } from './FriendPickerPage';
import { useGroupIdParam } from './GroupLoader';

/** Select Contact (the member grid's "+"): tick friends who are not members yet, Done adds them. */
export function AddMembersScreen() {
  const t = useT();
  const nav = useNav();
  const groupId = useGroupIdParam();
  const info = useGroupInfo(groupId);
  const add = useUpdateGroup(addGroupMembers);
  const members = useMemo(() => new Set(info.data?.members.map((member) => member.userId)), [info.data]);

  const onDone = async (userIds: string[]) => {
    if (add.isPending) return;
    try {
      await add.mutateAsync({ groupId, userIds });
      nav.navigateBack();
    } catch {
      // The request function has shown why.
    }
  };

  return (
    <FriendPickerPage
      title={t('routes.selectContact')}
      excluded={members}
      min={1}
      busy={add.isPending || !info.data}
      onDone={(userIds) => void onDone(userIds)}
    />
  );
}
