import { queryOptions } from '@tanstack/react-query';
import { getPeerRead, getReadCounts, getReadReceipts, getReaders, setReadReceipts } from '@paichat/protocol';
import { call } from '../request';

/** "Send read receipts" (`/my/getReadReceipts`): the user's, the same on every device. */
export const readReceiptsKey = ['my', 'readReceipts'] as const;
export const readReceiptsQuery = queryOptions({
  queryKey: readReceiptsKey,
  queryFn: ({ signal }) => call(getReadReceipts, {}, { signal, quiet: true }),
});

export const saveReadReceipts = (readReceipts: boolean) => call(setReadReceipts, { readReceipts });

/** One-to-one: how far the other person has read (null when either turned receipts off). */
export const peerReadBaseKey = ['chat', 'peerRead'] as const;
export const peerReadKey = (chatId: string) => [...peerReadBaseKey, chatId] as const;
export const peerReadQuery = (chatId: string) =>
  queryOptions({
    queryKey: peerReadKey(chatId),
    queryFn: ({ signal }) => call(getPeerRead, { chatId }, { signal, quiet: true }),
  });

/** Group: "{n} read" for these of the user's own messages, by seq. */
export const readCountsBaseKey = ['chat', 'readCounts'] as const;
export const readCountsKey = (chatId: string) => [...readCountsBaseKey, chatId] as const;
export const readCountsQuery = (chatId: string, seqs: number[]) =>
  queryOptions({
    queryKey: [...readCountsKey(chatId), seqs] as const,
    queryFn: ({ signal }) => call(getReadCounts, { chatId, seqs }, { signal, quiet: true }),
    enabled: seqs.length > 0,
    placeholderData: (previous) => previous,
  });

/** Group: who has and who has not read one of the user's own messages. */
export const readersQuery = (chatId: string, msgId: string) =>
  queryOptions({
    queryKey: ['chat', 'readers', chatId, msgId] as const,
    queryFn: ({ signal }) => call(getReaders, { chatId, msgId }, { signal }),
  });
