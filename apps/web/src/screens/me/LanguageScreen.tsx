import { useTranslation } from 'react-i18next';
import { Page } from '../../components/Page';
import { showToast } from '../../lib/ui';
import {
  LOCALES,
  NATIVE_NAMES,
  currentLocale,
  directionOf,
  setLocale,
  t as translate,
  useT,
  type Locale,
} from '../../i18n';
import s from './LanguageScreen.module.css';

/** Language: the fifteen interface languages by their own names; a choice applies at once. */
export function LanguageScreen() {
  const t = useT();
  // Re-render when the language changes, wherever the change came from.
  useTranslation();
  const current = currentLocale();

  const choose = (locale: Locale) => {
    if (locale === current) return;
    setLocale(locale).catch(() => showToast(translate('errors.network')));
  };

  return (
    <Page title={t('routes.language')}>
      <fieldset className={s.list}>
        <legend className="visually-hidden">{t('language.choose')}</legend>
        {LOCALES.map((locale) => (
          <label key={locale} className={s.row}>
            <span className={s.name}>
              {/* Isolated, so العربية reads right to left yet lines up with the others. */}
              <bdi lang={locale} dir={directionOf(locale)}>
                {NATIVE_NAMES[locale]}
              </bdi>
            </span>
            <input
              type="radio"
              name="locale"
              className={s.radio}
              value={locale}
              checked={locale === current}
              onChange={() => choose(locale)}
            />
          </label>
        ))}
      </fieldset>
    </Page>
  );
}
