import { useId } from 'react';
import { AppLink } from '../../components/AppLink';
import { Trans, useT } from '../../i18n';
import s from './auth.module.css';

export interface AgreementCheckboxProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  agreementUrl: string;
}

/** "I have read and agree to the Privacy & Service Agreement", with the agreement as a link. */
export function AgreementCheckbox({ checked, onChange, agreementUrl }: AgreementCheckboxProps) {
  const t = useT();
  const id = useId();
  return (
    <div className={s.agree}>
      <input
        id={id}
        type="checkbox"
        className={s.checkbox}
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        // The label holds a link; the checkbox's own name is the plain sentence.
        aria-label={t('login.agreeLabel')}
      />
      {/* The tag is <terms>, not <link>: Trans parses HTML, where <link> is a void element. */}
      <label htmlFor={id}>
        <Trans
          i18nKey="login.agree"
          components={{ terms: <AppLink to={agreementUrl} className={s.link} /> }}
        />
      </label>
    </div>
  );
}
