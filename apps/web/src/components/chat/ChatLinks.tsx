import { createContext, use } from 'react';

/** Pages the messages link to; the route table hands them to the chat window. */
export interface ChatLinks {
  /** The app download page (offered when a video cannot play here). */
  download: string;
  /** A person's add-friend detail page (a contact card opens it with `userId`). */
  addFriendDetail: string;
  /**
   * The web view, where a web address in a message opens (`url`). Without it (a message shown
   * on its own) the address opens in a new tab, as the link it is.
   */
  webView?: string;
  /** The read-only page of a "Chat history" card (`chatId`, `msgId`, `seq`); without it the card does not open. */
  chatHistory?: string;
}

export const ChatLinksContext = createContext<ChatLinks>({ download: '', addFriendDetail: '' });

export function useChatLinks(): ChatLinks {
  return use(ChatLinksContext);
}
