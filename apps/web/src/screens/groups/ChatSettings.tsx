import { setGroupSaved, type GroupView } from '@paichat/protocol';
import { InfoList } from '../../components/InfoList';
import { Switch } from '../../components/Switch';
import { useUpdateGroup } from '../../api/queries/groupInfo';
import { useClearHistory } from '../../components/chat/useClearHistory';
import { useT } from '../../i18n';
import { useChatCommands, useChatList } from '../../store/chat/hooks';
import s from './groups.module.css';

/**
 * The member's own settings of the group chat: mute and pin (the chat engine's, as on the chat
 * list), save to contacts (the group's), and clearing the history after the spec's confirmation.
 */
export function ChatSettings({ group }: { group: GroupView }) {
  const t = useT();
  const commands = useChatCommands();
  const entry = useChatList().list.find((chat) => chat.chatId === group.chatId);
  const save = useUpdateGroup(setGroupSaved);
  const clearHistory = useClearHistory();
  const muted = (entry?.disturb ?? group.isDisturb) === 'Y';
  const pinned = (entry?.top ?? group.isTop) === 'Y';
  const member = group.myRole !== null;

  const onSave = (saved: boolean) =>
    void save.mutateAsync({ groupId: group.groupId, saved: saved ? 'Y' : 'N' }).catch(() => undefined);

  const onClear = () =>
    clearHistory(group.chatId, {
      title: t('groups.confirm.clearTitle'),
      content: t('groups.confirm.clearContent'),
    });

  return (
    <>
      <div className={s.section}>
        <Switch
          label={t('groups.info.mute')}
          checked={muted}
          onChange={(on) => void commands.setDisturb(group.chatId, on)}
        />
        <Switch
          label={t('groups.info.pin')}
          checked={pinned}
          onChange={(on) => void commands.setTop(group.chatId, on)}
        />
        {member && (
          <Switch
            label={t('groups.info.save')}
            checked={group.saved === 'Y'}
            busy={save.isPending}
            onChange={onSave}
          />
        )}
      </div>
      <InfoList rows={[{ key: 'clear', label: t('groups.info.clear'), onPress: () => void onClear() }]} />
    </>
  );
}
