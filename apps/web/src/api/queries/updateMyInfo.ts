import { useMutation, useQueryClient } from '@tanstack/react-query';
import { updateMyInfo, type RequestOf } from '@paichat/protocol';
import { call } from '../request';
import { myInfoKey } from './myInfo';

export type ProfileChanges = RequestOf<typeof updateMyInfo>;

/**
 * Edits part of the signed-in user's profile (`POST /my/updateInfo`). The answer is the whole
 * profile, which replaces the cached one, so the Me tab and Personal Info show it at once.
 */
export function useUpdateMyInfo() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (changes: ProfileChanges) => call(updateMyInfo, changes),
    onSuccess: (info) => client.setQueryData(myInfoKey, info),
  });
}
