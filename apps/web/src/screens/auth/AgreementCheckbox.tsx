import { useId } from 'react';
import { AppLink } from '../../components/AppLink';
import { useT } from '../../i18n';
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
  // Every locale marks the link as <terms>…</terms>; split here rather than with react-i18next's
  // <Trans>, whose HTML parser would add ~5 KB gzipped to the login page (the bundle budget).
  const [before, terms, after] = t('login.agree').split(/<\/?terms>/);
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
      <label htmlFor={id}>
        {before}
        <AppLink to={agreementUrl} className={s.link}>
          {terms}
        </AppLink>
        {after}
      </label>
    </div>
  );
}
