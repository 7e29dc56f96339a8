import { useState } from 'react';
import { ExclamationCircleOutline, GlobalOutline, LinkOutline } from 'antd-mobile-icons';
import { EmptyState } from '../../components/EmptyState';
import { Page } from '../../components/Page';
import { useT } from '../../i18n';
import { webPageUrl } from '../../lib/url';
import { useNav, useOpenedFromOutside, useRouteParams } from '../../nav';
import common from '../common/common.module.css';
import s from './WebViewScreen.module.css';

/**
 * What the framed page may do: run its scripts, send its forms, open its links in a new tab
 * (as an ordinary tab there). Not `allow-same-origin`: the page gets an opaque origin, so it
 * cannot reach the app's storage, cookies or DOM; not `allow-top-navigation`: it cannot take
 * the app's tab elsewhere; no modals.
 */
const SANDBOX = 'allow-scripts allow-forms allow-popups allow-popups-to-escape-sandbox';

/** Where a link leads: a page of another site, or why it is not shown (with the address, if any). */
type Target = { page: string; host: string } | { refused: 'invalid' } | { refused: 'ownSite'; page: string };

function targetOf(url: string | undefined): Target {
  const page = webPageUrl(url);
  if (!page) return { refused: 'invalid' };
  const { host, hostname } = new URL(page);
  // The app's own pages in a frame under the app's bar would be the app pretending to be itself
  // (and its answers refuse to be framed: the frame would show the browser's error).
  return hostname === window.location.hostname ? { refused: 'ownSite', page } : { page, host };
}

/** The page in a tab of its own, telling it nothing of the app (`noopener noreferrer`). */
function OpenInBrowser({ page, className }: { page: string; className: string | undefined }) {
  const t = useT();
  return (
    <a className={className} href={page} target="_blank" rel="noopener noreferrer">
      <LinkOutline aria-hidden />
      {t('webView.openInBrowser')}
    </a>
  );
}

/**
 * The generic web view (`pages/web-view/index?url=…&title=…`): another site's page in a frame.
 * Anyone can make such a link, so the screen never lets it pass for the app: the title bar is
 * the page's real host (in punycode, as URL spells it), the link's `title` only a secondary,
 * labelled line; the app's own site and anything not http(s) (`javascript:`, `data:`, none,
 * malformed) are refused, with the way back (and Open in browser for an address of the app's own
 * site; a chat opens the app's pages in the app). A link that landed here from outside the app
 * first shows where it leads, with Open and Open in browser, before anything is framed.
 *
 * Many sites refuse to be framed (X-Frame-Options, CSP frame-ancestors) and the frame stays
 * blank, which the app cannot tell across origins: "Open in browser" is always offered.
 */
export function WebViewScreen() {
  const t = useT();
  const nav = useNav();
  const { url, title } = useRouteParams();
  const fromOutside = useOpenedFromOutside();
  const [opened, setOpened] = useState(!fromOutside);
  const target = targetOf(url);

  if ('refused' in target) {
    const ownSite = target.refused === 'ownSite';
    return (
      <Page title={t('routes.webView')}>
        <EmptyState
          icon={<ExclamationCircleOutline />}
          title={t(ownSite ? 'webView.ownSite' : 'webView.invalid')}
          hint={t(ownSite ? 'webView.ownSiteHint' : 'webView.invalidHint')}
        >
          <button type="button" className={common.primary} onClick={nav.navigateBack}>
            {t('common.back')}
          </button>
          {target.refused === 'ownSite' && <OpenInBrowser page={target.page} className={s.open} />}
        </EmptyState>
      </Page>
    );
  }

  const linkTitle = title && (
    <p className={s.linkTitle}>
      {t('webView.linkTitle')} <q>{title}</q>
    </p>
  );

  return (
    <Page title={target.host}>
      {opened ? (
        <div className={s.view}>
          <div className={s.bar}>
            {linkTitle}
            <OpenInBrowser page={target.page} className={s.open} />
          </div>
          <iframe
            className={s.frame}
            src={target.page}
            title={target.host}
            sandbox={SANDBOX}
            referrerPolicy="no-referrer"
          />
          <p className={s.hint}>{t('webView.blankHint')}</p>
        </div>
      ) : (
        <section className={s.leaving} aria-label={t('webView.leaving')}>
          <GlobalOutline className={s.leavingIcon} aria-hidden />
          <h2 className={s.leavingTitle}>{t('webView.leaving')}</h2>
          <bdi className={s.leavingHost} dir="ltr">
            {target.host}
          </bdi>
          <bdi className={s.address} dir="ltr">
            {target.page}
          </bdi>
          {linkTitle}
          <p className={s.hint}>{t('webView.leavingHint')}</p>
          <div className={`${common.entryActions} ${s.actions}`}>
            <button type="button" className={common.choice} onClick={() => setOpened(true)}>
              {t('webView.open')}
            </button>
            <OpenInBrowser page={target.page} className={`${common.otherChoice} ${s.choiceLink}`} />
          </div>
        </section>
      )}
    </Page>
  );
}
