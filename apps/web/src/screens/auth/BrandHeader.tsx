import { APP_NAME } from '@paichat/protocol';
import { AppLogo } from '../../components/AppLogo';
import { useT } from '../../i18n';
import s from './auth.module.css';

/** The login page's custom header: the product's mark, name and tagline. */
export function BrandHeader() {
  const t = useT();
  return (
    <header className={s.brand}>
      <AppLogo className={s.logo} />
      <h1 className={s.brandName}>{APP_NAME}</h1>
      <p className={s.tagline}>{t('login.tagline')}</p>
    </header>
  );
}
