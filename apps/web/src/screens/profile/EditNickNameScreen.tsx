import { useId, useState, type FormEvent } from 'react';
import { NICKNAME_MAX } from '@paichat/protocol';
import { TextField } from '../../components/TextField';
import { useLeaveGuard } from '../../components/leaveGuard';
import { useNav } from '../../nav';
import { useT } from '../../i18n';
import { check } from '../../lib/checker';
import { EditorPage } from './EditorPage';
import { FormError } from './FormError';
import { nickNameRules } from './rules';
import { useSaveProfile } from './useSaveProfile';
import s from './profile.module.css';

function NickNameForm({
  id,
  initial,
  save,
}: {
  id: string;
  initial: string;
  save: ReturnType<typeof useSaveProfile>['save'];
}) {
  const t = useT();
  const nav = useNav();
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | null>(null);

  const commit = () => {
    const nickName = value.trim();
    const failure = check({ nickName }, nickNameRules(t));
    setError(failure?.message ?? null);
    if (failure) return;
    if (nickName === initial) nav.navigateBack();
    else void save({ nickName });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    commit();
  };
  useLeaveGuard(value.trim() !== initial, commit);

  return (
    <form id={id} className={s.form} onSubmit={submit} noValidate>
      <TextField
        label={t('profile.name')}
        value={value}
        onValueChange={setValue}
        autoComplete="nickname"
        maxLength={NICKNAME_MAX}
        hint={t('profile.nameHint', { max: NICKNAME_MAX })}
      />
      <FormError message={error} />
    </form>
  );
}

/** Change Name: required, at most NICKNAME_MAX characters, trimmed. */
export function EditNickNameScreen() {
  const t = useT();
  const formId = useId();
  const { save, busy } = useSaveProfile();
  return (
    <EditorPage title={t('routes.editNickName')} formId={formId} busy={busy}>
      {(info) => <NickNameForm id={formId} initial={info.nickName} save={save} />}
    </EditorPage>
  );
}
