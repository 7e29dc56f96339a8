import { TextField, type TextFieldProps } from '../../components/TextField';
import { AgreementCheckbox, type AgreementCheckboxProps } from './AgreementCheckbox';
import s from './auth.module.css';

/** The end of the sign-in and sign-up forms: the agreement, what is wrong, and the submit button. */
export function FormEnd({
  error,
  busy,
  submitLabel,
  ...agreement
}: AgreementCheckboxProps & { error: string | null; busy: boolean; submitLabel: string }) {
  return (
    <>
      <AgreementCheckbox {...agreement} />
      {error && (
        <p className={s.error} role="alert">
          {error}
        </p>
      )}
      <button type="submit" className={s.primary} disabled={busy} aria-busy={busy}>
        {submitLabel}
      </button>
    </>
  );
}

/** A chat ID typed as is: no autocorrection or capitals, and the browser may offer saved ones. */
export function AccountField(props: Omit<TextFieldProps, 'autoComplete'>) {
  return (
    <TextField
      autoComplete="username"
      autoCapitalize="off"
      autoCorrect="off"
      spellCheck={false}
      maxLength={64}
      {...props}
    />
  );
}
