import { GROUP_CREATE_MIN_OTHERS } from '@paichat/protocol';
import { useCreateGroup } from '../../api/queries/createGroup';
import { useT } from '../../i18n';
import { withQuery } from '../../lib/url';
import { useNav } from '../../nav';
import { FriendPickerPage } from './FriendPickerPage';

/** Create Group Chat: tick at least two friends; Done creates the group and opens its chat. */
export function CreateGroupScreen({ chatWindowUrl }: { chatWindowUrl: string }) {
  const t = useT();
  const nav = useNav();
  const create = useCreateGroup();

  const onDone = async (userIds: string[]) => {
    if (create.isPending) return;
    try {
      const { group } = await create.mutateAsync(userIds);
      // The new chat takes this page's place: back from it goes where the person came from.
      nav.redirectTo(withQuery(chatWindowUrl, { chatId: group.chatId }));
    } catch {
      // The request function has shown why.
    }
  };

  return (
    <FriendPickerPage
      title={t('routes.createGroup')}
      min={GROUP_CREATE_MIN_OTHERS}
      busy={create.isPending}
      onDone={(userIds) => void onDone(userIds)}
    />
  );
}
