import { useId, useState, type FormEvent } from 'react';
import { GROUP_NAME_MAX, renameGroup, type GroupView } from '@paichat/protocol';
import { Page } from '../../components/Page';
import { TextField } from '../../components/TextField';
import { useLeaveGuard } from '../../components/leaveGuard';
import { useUpdateGroup } from '../../api/queries/groupInfo';
import { useT } from '../../i18n';
import { useNav } from '../../nav';
import { DoneButton } from '../profile/EditorPage';
import { GroupLoader, useGroupIdParam } from './GroupLoader';
import s from './groups.module.css';

function NameForm({ id, group, onSave }: { id: string; group: GroupView; onSave: (name: string) => void }) {
  const t = useT();
  const isOwner = group.myRole === 'OWNER';
  const [value, setValue] = useState(group.name);
  const [error, setError] = useState<string | null>(null);

  const commit = () => {
    const name = value.trim();
    setError(name ? null : t('groups.name.required'));
    if (name) onSave(name);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    commit();
  };
  useLeaveGuard(isOwner && value.trim() !== group.name, commit);

  return (
    <form id={id} className={s.form} onSubmit={submit} noValidate>
      <TextField
        label={t('groups.info.name')}
        value={value}
        onValueChange={(next) => {
          setValue(next);
          setError(null);
        }}
        maxLength={GROUP_NAME_MAX}
        readOnly={!isOwner}
        aria-invalid={error ? true : undefined}
        hint={isOwner ? t('groups.name.hint', { max: GROUP_NAME_MAX }) : t('groups.name.ownerOnly')}
      />
      {error && (
        <p className={s.error} role="alert">
          {error}
        </p>
      )}
    </form>
  );
}

/** Edit group name: the owner changes it and taps Done; members see it read-only. */
export function EditGroupNameScreen() {
  const t = useT();
  const nav = useNav();
  const formId = useId();
  const groupId = useGroupIdParam();
  const rename = useUpdateGroup(renameGroup);

  const save = async (group: GroupView, name: string) => {
    if (rename.isPending) return;
    if (name === group.name) {
      nav.navigateBack();
      return;
    }
    try {
      await rename.mutateAsync({ groupId, name });
      nav.navigateBack();
    } catch {
      // The request function has shown why.
    }
  };

  return (
    <GroupLoader groupId={groupId} fallbackTitle={t('routes.editGroupName')}>
      {({ group }) => (
        <Page
          title={t('routes.editGroupName')}
          headerRight={group.myRole === 'OWNER' && <DoneButton formId={formId} busy={rename.isPending} />}
        >
          <NameForm id={formId} group={group} onSave={(name) => void save(group, name)} />
        </Page>
      )}
    </GroupLoader>
  );
}
