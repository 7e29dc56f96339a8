import { useCallback, useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { IdStringOrEmpty } from '@paichat/protocol';
import { friendInfoQuery } from '../../api/queries/friendInfo';
import { ChatLinksContext } from '../../components/chat/ChatLinks';
import { QuoteJumpContext } from '../../components/chat/QuoteBlock';
import { NoWayOn } from '../../components/NoWayOn';
import { Page } from '../../components/Page';
import { useT } from '../../i18n';
import { withQuery } from '../../lib/url';
import { useNav, useRouteParams } from '../../nav';
import { useChatCommands, useChatList, useChatWindow, useKnownChatId } from '../../store/chat/hooks';
import { ChatWindowView } from './ChatWindowView';
import { GroupNoticeBanner } from './GroupNoticeBanner';
import { useGroupChat } from './useGroupChat';
import { useRevealMessage } from './useRevealMessage';

export interface ChatWindowScreenProps {
  /** A one-to-one chat's "…": the friend's Info page (`userId`). */
  contactInfoUrl: string;
  /** A group chat's "…": its Chat Info page (`groupId`). */
  chatInfoUrl: string;
  downloadUrl: string;
  addFriendDetailUrl: string;
  /** The web view, where a web address in a message opens (else in a new tab). */
  webViewUrl?: string;
  /** A "Chat history" card's page. */
  chatHistoryUrl?: string;
}

/** Shown while a chat's name is not known yet. */
const UNKNOWN_NAME = '…';

const ChatIdOrNone = IdStringOrEmpty('chatId');
const UserIdOrNone = IdStringOrEmpty('userId');

/**
 * Whether the route can name a chat: a chatId or a friend's userId, each an id as ids travel
 * (digits). None, an empty or a malformed one names nothing, which the server would only refuse.
 */
function namesAChat(chatId: string, userId: string): boolean {
  return (
    (chatId !== '' || userId !== '') &&
    ChatIdOrNone.safeParse(chatId).success &&
    UserIdOrNone.safeParse(userId).success
  );
}

function OpenFailed({ title }: { title: string }) {
  const t = useT();
  return (
    <Page title={title}>
      <NoWayOn title={t('chatWindow.openFailed')} />
    </Page>
  );
}

/**
 * `wx/chatWindow/index?chatId=…&userId=…`: a chat by its id, or a one-to-one chat by the
 * friend's id (from a contact, before the chat exists on this device). What is on the device
 * shows at once; the engine opens the chat and brings the rest. With `msgId` and `seq` (from a
 * search) it opens at that message, marked for a moment. A link that names no chat says so at
 * once, asking nothing.
 */
export function ChatWindowScreen(props: ChatWindowScreenProps) {
  const t = useT();
  const { chatId = '', userId = '' } = useRouteParams();
  if (!namesAChat(chatId, userId)) return <OpenFailed title={t('routes.chatWindow')} />;
  return <ChatWindow {...props} />;
}

function ChatWindow({
  contactInfoUrl,
  chatInfoUrl,
  downloadUrl,
  addFriendDetailUrl,
  webViewUrl,
  chatHistoryUrl,
}: ChatWindowScreenProps) {
  const nav = useNav();
  const params = useRouteParams();
  const commands = useChatCommands();
  const routeChatId = params.chatId ?? '';
  const routeUserId = params.userId ?? '';
  const [opened, setOpened] = useState<
    { ref: string; chatId: string } | { ref: string; failed: true } | null
  >(null);
  const ref = `${routeChatId}|${routeUserId}`;

  useEffect(() => {
    let live = true;
    commands
      .open({ chatId: routeChatId || undefined, userId: routeUserId || undefined })
      .then((chatId) => live && setOpened({ ref, chatId }))
      .catch(() => live && setOpened({ ref, failed: true }));
    return () => {
      live = false;
    };
  }, [commands, ref, routeChatId, routeUserId]);

  const current = opened?.ref === ref ? opened : null;
  const knownChatId = useKnownChatId({ userId: routeUserId || undefined });
  const chatId = routeChatId || knownChatId || (current && 'chatId' in current ? current.chatId : '');
  const state = useChatWindow(chatId || undefined);
  // Before the engine has started, opening fails only because it is not there yet.
  const engineReady = useChatList().status === 'ready';
  // A quote tapped in this chat goes to its original as a search result does.
  const [quoted, setQuoted] = useState<{ chatId: string; msgId: string; seq: number } | null>(null);
  const jumpToQuote = useCallback(
    (quote: { msgId: string; seq: number }) => setQuoted({ chatId, msgId: quote.msgId, seq: quote.seq }),
    [chatId],
  );
  const target =
    quoted?.chatId === chatId
      ? quoted
      : params.msgId && Number(params.seq) > 0
        ? { msgId: params.msgId, seq: Number(params.seq) }
        : null;
  const revealed = useRevealMessage(chatId, state, commands, target);
  const entry = state.entry;
  const isGroup = entry?.windowType === 'GROUP';
  const group = useGroupChat(entry);
  const peerId = entry?.userId || routeUserId;
  const friend = useQuery({ ...friendInfoQuery(peerId), enabled: !entry && !isGroup && peerId !== '' });
  const title = entry?.nickName || friend.data?.nickName || UNKNOWN_NAME;

  // Neither on the device nor given by the server (not one's chat, or offline): nothing to show.
  if (current && 'failed' in current && !entry && engineReady) return <OpenFailed title={title} />;

  const onInfo = peerId
    ? () =>
        nav.navigateTo(
          isGroup
            ? withQuery(chatInfoUrl, { groupId: peerId })
            : withQuery(contactInfoUrl, { userId: peerId }),
        )
    : undefined;

  return (
    <ChatLinksContext
      value={{
        download: downloadUrl,
        addFriendDetail: addFriendDetailUrl,
        webView: webViewUrl,
        chatHistory: chatHistoryUrl,
      }}
    >
      <QuoteJumpContext value={jumpToQuote}>
        <ChatWindowView
          chatId={chatId}
          title={title}
          state={revealed.state}
          senderName={group.senderName}
          readOnlyText={group.readOnlyText}
          banner={
            group.groupId &&
            !group.readOnlyText && <GroupNoticeBanner key={group.groupId} groupId={group.groupId} />
          }
          commands={{ ...commands, loadOlder: revealed.loadOlder }}
          onBack={() => nav.navigateBack()}
          onInfo={onInfo}
          focusMsgId={revealed.focusMsgId}
          newer={revealed.newer}
        />
      </QuoteJumpContext>
    </ChatLinksContext>
  );
}
