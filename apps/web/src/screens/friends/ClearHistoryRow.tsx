import { InfoList } from '../../components/InfoList';
import { useClearHistory } from '../../components/chat/useClearHistory';
import { useT } from '../../i18n';
import { useKnownChatId } from '../../store/chat/hooks';

/**
 * "Clear chat history" of the one-to-one chat with this person, on their info page (where the
 * chat window's "…" leads), as a group's info page has it. Nothing when there is no such chat.
 */
export function ClearHistoryRow({ userId, name }: { userId: string; name: string }) {
  const t = useT();
  const chatId = useKnownChatId({ userId });
  const clearHistory = useClearHistory();
  if (!chatId) return null;
  const onPress = () =>
    void clearHistory(chatId, {
      title: t('friends.clearHistoryTitle'),
      content: t('friends.clearHistoryContent', { name }),
    });
  return <InfoList rows={[{ key: 'clear', label: t('groups.info.clear'), onPress }]} />;
}
