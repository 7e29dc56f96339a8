import { useMutation, useQueryClient } from '@tanstack/react-query';
import { searchFriend } from '@paichat/protocol';
import { call } from '../request';
import { friendInfoKey } from './friendInfo';

/**
 * Finds a person by exact PipID (`GET /friend/search`). A mutation because it runs on
 * submit, not on every keystroke; the person found is put in the profile cache, so their page
 * opens without a second request.
 */
export function useSearchFriend() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (chatNo: string) => call(searchFriend, { chatNo }),
    onSuccess: (person) => client.setQueryData(friendInfoKey(person.userId), person),
  });
}
