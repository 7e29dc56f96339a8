import { useQuery } from '@tanstack/react-query';
import { checkChatNo } from '@paichat/protocol';
import { call } from '../request';

export const checkChatNoKey = (chatNo: string) => ['auth', 'checkChatNo', chatNo] as const;

/** Live availability of a chat ID; quiet, the form shows the outcome next to the field. */
export function useCheckChatNo(chatNo: string, enabled: boolean) {
  return useQuery({
    queryKey: checkChatNoKey(chatNo),
    queryFn: ({ signal }) => call(checkChatNo, { chatNo }, { signal, quiet: true }),
    enabled,
    staleTime: 10_000,
  });
}
