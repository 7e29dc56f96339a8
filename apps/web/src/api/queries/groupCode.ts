import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getGroupQrCode, joinGroupByCode, previewGroupByCode } from '@paichat/protocol';
import { call } from '../request';
import { groupInfoKey } from './groupInfo';

/** A join code for the group's QR card, valid for 7 days (`POST /group/qrCode`). */
export const groupQrCodeQuery = (groupId: string) =>
  queryOptions({
    queryKey: ['group', 'qrCode', groupId] as const,
    queryFn: ({ signal }) => call(getGroupQrCode, { groupId }, { signal }),
    enabled: groupId !== '',
  });

export function useGroupQrCode(groupId: string) {
  return useQuery(groupQrCodeQuery(groupId));
}

export const groupPreviewKey = (code: string) => ['group', 'preview', code] as const;

/**
 * What a scanned group code opens (`POST /group/preview`). Quiet: an expired or forged code is
 * what the page itself explains, not a toast.
 */
export function useGroupPreview(code: string) {
  return useQuery({
    queryKey: groupPreviewKey(code),
    queryFn: ({ signal }) => call(previewGroupByCode, { code }, { signal, quiet: true }),
    enabled: code !== '',
    retry: false,
  });
}

/** Joins the group of a scanned code (`POST /group/join`). */
export function useJoinGroup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => call(joinGroupByCode, { code }),
    onSuccess: (info, code) => {
      client.setQueryData(groupInfoKey(info.group.groupId), info);
      void client.invalidateQueries({ queryKey: groupPreviewKey(code) });
    },
  });
}
