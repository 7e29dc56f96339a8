import { useState } from 'react';
import { ErrorId } from '@paichat/protocol';
import { ApiError } from '../../api/request';
import { useSearchFriend } from '../../api/queries/searchFriend';
import { withQuery } from '../../lib/url';
import { useNav } from '../../nav';

/**
 * Finding a person by PipID (Search's PipID row, Add Contacts): looks it up and opens the
 * person's add-friend page with the lookup's reference (which opens the page, and the request,
 * for this viewer); an unknown PipID is remembered (`notFound`) to say so in place.
 */
export function usePipIdLookup(addFriendDetailUrl: string) {
  const nav = useNav();
  const search = useSearchFriend();
  const [notFound, setNotFound] = useState<string | null>(null);
  const lookUp = (pipId: string) => {
    setNotFound(null);
    search.mutate(pipId, {
      onSuccess: (person) =>
        nav.navigateTo(
          withQuery(addFriendDetailUrl, { userId: person.userId, source: 'search', ref: person.ref }),
        ),
      // The request function has toasted the reason.
      onError: (failure) => {
        if (failure instanceof ApiError && failure.err === ErrorId.userNotFound) setNotFound(pipId);
      },
    });
  };
  return { lookUp, pending: search.isPending, notFound };
}
