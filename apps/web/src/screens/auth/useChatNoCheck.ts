import { CHAT_NO_MAX, CHAT_NO_MIN, CHAT_NO_PATTERN, type ChatNoStatus } from '@paichat/protocol';
import { useCheckChatNo } from '../../api/queries/checkChatNo';
import { useDebouncedValue } from '../../lib/useDebouncedValue';

export type ChatNoState = 'idle' | 'checking' | 'error' | ChatNoStatus;

/** What can be said without the server: empty, bad characters, too short, too long. */
export function localChatNoState(chatNo: string): ChatNoState | null {
  if (chatNo === '') return 'idle';
  if (!CHAT_NO_PATTERN.test(chatNo)) return 'invalid';
  if (chatNo.length < CHAT_NO_MIN) return 'tooShort';
  if (chatNo.length > CHAT_NO_MAX) return 'tooLong';
  return null;
}

export const CHAT_NO_CHECK_DELAY_MS = 400;

/**
 * The live availability check of spec 5: local rules at once, the server (GET /auth/checkChatNo)
 * once typing pauses. An answer for an older value is never shown for a newer one.
 */
export function useChatNoCheck(chatNo: string, delayMs = CHAT_NO_CHECK_DELAY_MS): ChatNoState {
  const local = localChatNoState(chatNo);
  const settled = useDebouncedValue(chatNo, delayMs);
  const ready = local === null && settled === chatNo;
  const query = useCheckChatNo(chatNo, ready);
  if (local !== null) return local;
  if (!ready) return 'checking';
  if (query.data) return query.data.available ? 'available' : query.data.status;
  if (query.isError) return 'error';
  return 'checking';
}
