import { useId, useState, type FormEvent } from 'react';
import { GROUP_NICK_MAX, setGroupNick } from '@paichat/protocol';
import { Sheet } from '../../components/chat/Sheet';
import { TextField } from '../../components/TextField';
import { useUpdateGroup } from '../../api/queries/groupInfo';
import { useT } from '../../i18n';
import s from './groups.module.css';

export interface NickSheetProps {
  open: boolean;
  groupId: string;
  current: string;
  onClose: () => void;
}

function NickForm({ groupId, current, onClose }: Omit<NickSheetProps, 'open'>) {
  const t = useT();
  const formId = useId();
  const save = useUpdateGroup(setGroupNick);
  const [value, setValue] = useState(current);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    try {
      await save.mutateAsync({ groupId, groupNick: value.trim() });
      onClose();
    } catch {
      // The request function has shown why.
    }
  };

  return (
    <form id={formId} className={s.form} onSubmit={(event) => void submit(event)} noValidate>
      <TextField
        label={t('groups.info.myNick')}
        value={value}
        onValueChange={setValue}
        maxLength={GROUP_NICK_MAX}
        hint={t('groups.nick.hint')}
        autoFocus
      />
      <button type="submit" className={s.primary} disabled={save.isPending} aria-busy={save.isPending}>
        {t('groups.done')}
      </button>
    </form>
  );
}

/** "My nickname in this group": a sheet with the name and Done; empty uses one's own name. */
export function NickSheet({ open, ...form }: NickSheetProps) {
  const t = useT();
  return (
    <Sheet open={open} title={t('groups.info.myNick')} hideTitle onClose={form.onClose}>
      {open && <NickForm {...form} />}
    </Sheet>
  );
}
