import { useId, useState, type FormEvent } from 'react';
import { NEW_PASSWORD_MAX } from '@paichat/protocol';
import { useSetMyPassword } from '../../api/queries/setMyPassword';
import { Page } from '../../components/Page';
import { showToast } from '../../lib/ui';
import { useNav } from '../../nav';
import { useT } from '../../i18n';
import { check } from '../../lib/checker';
import { PasswordField } from '../auth/PasswordField';
import { DoneButton } from './EditorPage';
import { FormError } from './FormError';
import { passwordRules } from './rules';
import s from './profile.module.css';

/**
 * Whether the account has a password to confirm first. Every account made by sign-up has one;
 * the profile does not say otherwise yet (accounts from third-party login would not).
 */
const HAS_PASSWORD = true;

/** Set Password: the current one, a new one (8–16, digits and letters), and its confirmation. */
export function EditPasswordScreen() {
  const t = useT();
  const nav = useNav();
  const formId = useId();
  const mutation = useSetMyPassword();
  const [oldPassword, setOldPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (mutation.isPending) return;
    const failure = check({ oldPassword, newPassword, confirmPassword }, passwordRules(t, HAS_PASSWORD));
    setError(failure?.message ?? null);
    if (failure) return;
    try {
      await mutation.mutateAsync(HAS_PASSWORD ? { oldPassword, newPassword } : { newPassword });
    } catch {
      // A wrong current password (or the network) was toasted by the request function.
      return;
    }
    showToast(t('profile.password.changed'), { role: 'status' });
    nav.navigateBack();
  };

  return (
    <Page
      title={t('routes.editPassword')}
      headerRight={<DoneButton formId={formId} busy={mutation.isPending} />}
    >
      <form id={formId} className={s.form} onSubmit={(event) => void submit(event)} noValidate>
        {HAS_PASSWORD && (
          <PasswordField
            label={t('profile.password.current')}
            value={oldPassword}
            onValueChange={setOldPassword}
            autoComplete="current-password"
            maxLength={64}
          />
        )}
        <PasswordField
          label={t('profile.password.new')}
          placeholder={t('profile.password.newPlaceholder')}
          value={newPassword}
          onValueChange={setNewPassword}
          autoComplete="new-password"
          maxLength={NEW_PASSWORD_MAX + 10}
        />
        <PasswordField
          label={t('profile.password.confirm')}
          placeholder={t('register.confirmPlaceholder')}
          value={confirmPassword}
          onValueChange={setConfirmPassword}
          autoComplete="new-password"
          maxLength={NEW_PASSWORD_MAX + 10}
        />
        <p className={s.note}>{t('profile.password.hint')}</p>
        <FormError message={error} />
      </form>
    </Page>
  );
}
