import { APP_NAME } from '@paichat/protocol';
import { useT } from '../../i18n';
import s from './auth.module.css';

/** The login page's custom header: the product's mark, name and tagline. */
export function BrandHeader() {
  const t = useT();
  return (
    <header className={s.brand}>
      <svg className={s.logo} viewBox="0 0 64 64" aria-hidden>
        <rect width="64" height="64" rx="16" fill="currentColor" />
        <path
          d="M32 15c-10.5 0-19 7-19 15.6 0 4.9 2.8 9.3 7.1 12.1L18.6 50l8-4.1c1.7.4 3.5.6 5.4.6 10.5 0 19-7 19-15.9S42.5 15 32 15Z"
          fill="#fff"
        />
        <circle cx="24.5" cy="31" r="2.6" fill="currentColor" />
        <circle cx="32" cy="31" r="2.6" fill="currentColor" />
        <circle cx="39.5" cy="31" r="2.6" fill="currentColor" />
      </svg>
      <h1 className={s.brandName}>{APP_NAME}</h1>
      <p className={s.tagline}>{t('login.tagline')}</p>
    </header>
  );
}
