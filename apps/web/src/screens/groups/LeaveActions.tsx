import { dismissGroup, quitGroup, type GroupView } from '@paichat/protocol';
import { confirmDialog, showToast } from '../../lib/ui';
import { useEndGroup } from '../../api/queries/groupInfo';
import { useT } from '../../i18n';
import { useNav } from '../../nav';
import { useChatCommands } from '../../store/chat/hooks';
import s from './groups.module.css';

export interface LeaveActionsProps {
  group: GroupView;
  /** The Message tab, where one lands after quitting. */
  messageUrl: string;
}

/**
 * The end of Chat Info: "Delete and Quit" for everyone (the owner is told who takes over) and
 * "Dismiss group" for the owner, each after the spec's confirmation.
 */
export function LeaveActions({ group, messageUrl }: LeaveActionsProps) {
  const t = useT();
  const nav = useNav();
  const commands = useChatCommands();
  const quit = useEndGroup(quitGroup);
  const dismiss = useEndGroup(dismissGroup);
  const isOwner = group.myRole === 'OWNER';
  const busy = quit.isPending || dismiss.isPending;

  const onQuit = async () => {
    const confirmed = await confirmDialog({
      title: t(isOwner ? 'groups.confirm.quitTitle' : 'groups.confirm.leaveTitle'),
      content: t(isOwner ? 'groups.confirm.quitContent' : 'groups.confirm.leaveContent', {
        name: group.name,
      }),
      confirmText: t('groups.confirm.quit'),
      danger: true,
      cancelText: t('common.cancel'),
    });
    if (!confirmed) return;
    try {
      await quit.mutateAsync(group.groupId);
    } catch {
      return; // The request function has shown why.
    }
    // "Delete and Quit": the chat leaves the list too.
    await commands.remove(group.chatId);
    showToast(t('groups.toast.left'), { role: 'status' });
    nav.reLaunch(messageUrl);
  };

  const onDismiss = async () => {
    const confirmed = await confirmDialog({
      title: t('groups.confirm.dismissTitle'),
      content: t('groups.confirm.dismissContent', { name: group.name }),
      confirmText: t('groups.confirm.dismiss'),
      danger: true,
      cancelText: t('common.cancel'),
    });
    if (!confirmed) return;
    try {
      await dismiss.mutateAsync(group.groupId);
    } catch {
      return; // The request function has shown why.
    }
    showToast(t('groups.toast.dismissed'), { role: 'status' });
    nav.navigateBack();
  };

  return (
    <>
      <button type="button" className={s.danger} disabled={busy} onClick={() => void onQuit()}>
        {t('groups.info.quit')}
      </button>
      {isOwner && (
        <button type="button" className={s.danger} disabled={busy} onClick={() => void onDismiss()}>
          {t('groups.info.dismiss')}
        </button>
      )}
    </>
  );
}
