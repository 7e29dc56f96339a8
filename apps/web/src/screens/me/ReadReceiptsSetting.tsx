import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  peerReadBaseKey,
  readCountsBaseKey,
  readReceiptsKey,
  readReceiptsQuery,
  saveReadReceipts,
} from '../../api/queries/readReceipts';
import { Switch } from '../../components/Switch';
import { useT } from '../../i18n';
import s from './LinkPreviewSetting.module.css';

/**
 * Settings' "Send read receipts": the account's (kept by the server, so every device follows
 * it). Off, read receipts and typing go neither way.
 */
export function ReadReceiptsSetting() {
  const t = useT();
  const queryClient = useQueryClient();
  const setting = useQuery(readReceiptsQuery);
  const save = useMutation({
    mutationFn: saveReadReceipts,
    onSuccess: (answer) => {
      queryClient.setQueryData(readReceiptsKey, answer);
      // What chats showed of others' reads changes with it.
      void queryClient.invalidateQueries({ queryKey: peerReadBaseKey });
      void queryClient.invalidateQueries({ queryKey: readCountsBaseKey });
    },
  });
  const on = save.isPending ? save.variables : (setting.data?.readReceipts ?? true);
  return (
    <div className={s.section}>
      <Switch
        label={t('settings.readReceipts')}
        checked={on}
        disabled={!setting.data}
        busy={save.isPending}
        onChange={(next) => save.mutate(next)}
      />
      <p className={s.note}>{t('settings.readReceiptsHint')}</p>
    </div>
  );
}
