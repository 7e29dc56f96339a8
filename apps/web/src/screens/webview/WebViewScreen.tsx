import { ExclamationCircleOutline, LinkOutline } from 'antd-mobile-icons';
import { EmptyState } from '../../components/EmptyState';
import { Page } from '../../components/Page';
import { useT } from '../../i18n';
import { webPageUrl } from '../../lib/url';
import { useNav, useRouteParams } from '../../nav';
import common from '../common/common.module.css';
import s from './WebViewScreen.module.css';

/**
 * What the framed page may do: run its scripts, send its forms, open its links in a new tab
 * (as an ordinary tab there). Not `allow-same-origin`: the page gets an opaque origin, so
 * even an address on our own origin could not reach the app's storage, cookies or DOM; not
 * `allow-top-navigation`: it cannot take the app's tab elsewhere; no modals.
 */
const SANDBOX = 'allow-scripts allow-forms allow-popups allow-popups-to-escape-sandbox';

/**
 * The generic web view (`pages/web-view/index?url=…&title=…`): another site's page in a frame,
 * titled by `title` (or the site's name). Only an http(s) address is shown; anything else
 * (`javascript:`, `data:`, none, malformed) says so, with the way back.
 *
 * Many sites refuse to be framed (X-Frame-Options, CSP frame-ancestors) and the frame stays
 * blank, which the app cannot tell across origins: "Open in browser" is always offered.
 */
export function WebViewScreen() {
  const t = useT();
  const nav = useNav();
  const { url, title } = useRouteParams();
  const address = webPageUrl(url);

  if (!address)
    return (
      <Page title={title || t('routes.webView')}>
        <EmptyState
          icon={<ExclamationCircleOutline />}
          title={t('webView.invalid')}
          hint={t('webView.invalidHint')}
        >
          <button type="button" className={common.primary} onClick={nav.navigateBack}>
            {t('common.back')}
          </button>
        </EmptyState>
      </Page>
    );

  const host = new URL(address).host;
  const name = title || host;
  return (
    <Page title={name}>
      <div className={s.view}>
        <div className={s.bar}>
          <bdi className={s.host} dir="ltr">
            {host}
          </bdi>
          <a className={s.open} href={address} target="_blank" rel="noopener noreferrer">
            <LinkOutline aria-hidden />
            {t('webView.openInBrowser')}
          </a>
        </div>
        <iframe
          className={s.frame}
          src={address}
          title={name}
          sandbox={SANDBOX}
          referrerPolicy="no-referrer"
        />
        <p className={s.hint}>{t('webView.blankHint')}</p>
      </div>
    </Page>
  );
}
