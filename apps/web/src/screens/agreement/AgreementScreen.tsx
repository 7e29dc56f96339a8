import { Page } from '../../components/Page';
import { useT } from '../../i18n';
import s from './AgreementScreen.module.css';

const SECTIONS = [
  ['agreement.collectTitle', 'agreement.collect'],
  ['agreement.useTitle', 'agreement.use'],
  ['agreement.locationTitle', 'agreement.location'],
  ['agreement.conductTitle', 'agreement.conduct'],
  ['agreement.choicesTitle', 'agreement.choices'],
] as const;

/** The Privacy & Service Agreement the login and sign-up forms ask people to accept. */
export function AgreementScreen() {
  const t = useT();
  return (
    <Page title={t('routes.agreement')}>
      <article className={s.article}>
        <p>{t('agreement.intro')}</p>
        {SECTIONS.map(([title, body]) => (
          <section key={title}>
            <h2>{t(title)}</h2>
            <p>{t(body)}</p>
          </section>
        ))}
        <p className={s.note}>{t('agreement.openSource')}</p>
      </article>
    </Page>
  );
}
