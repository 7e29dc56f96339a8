import { useMutation, useQueryClient } from '@tanstack/react-query';
import { setMyChatNo } from '@paichat/protocol';
import { call } from '../request';
import { myInfoKey } from './myInfo';

/** Sets the chat ID once, for an account that has none (`POST /my/setChatNo`). */
export function useSetMyChatNo() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (chatNo: string) => call(setMyChatNo, { chatNo }),
    onSuccess: (info) => client.setQueryData(myInfoKey, info),
  });
}
