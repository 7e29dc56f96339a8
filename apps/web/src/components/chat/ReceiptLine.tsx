import { createContext, use } from 'react';
import type { LocalMessage } from '../../store/chat/types';
import s from './chat.module.css';

/** What shows under one of the user's own messages: "Read", "Unread", "{n} read" (tappable). */
export interface Receipt {
  text: string;
  /** Group: opens who has and who has not read it. */
  onOpen?: () => void;
}

/** The chat window's receipts (screens/chat/useReceipts.ts); none outside a chat window. */
export const ReceiptsContext = createContext<((message: LocalMessage) => Receipt | null) | null>(null);

/** The receipt under an own message, when the chat shows one for it. */
export function ReceiptLine({ message }: { message: LocalMessage }) {
  const receipt = use(ReceiptsContext)?.(message);
  if (!receipt) return null;
  return receipt.onOpen ? (
    <button type="button" className={s.receipt} data-tappable onClick={receipt.onOpen}>
      {receipt.text}
    </button>
  ) : (
    <span className={s.receipt}>{receipt.text}</span>
  );
}
