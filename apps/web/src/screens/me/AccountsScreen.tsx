import { useState } from 'react';
import type { IdentityProvider } from '@paichat/protocol';
import { Page } from '../../components/Page';
import {
  startLink,
  useAuthProviders,
  useLinkPi,
  useMyIdentities,
  useUnlinkIdentity,
} from '../../api/queries/identities';
import { useMyInfo } from '../../api/queries/myInfo';
import { useNav, useRouteParams } from '../../nav';
import { useT } from '../../i18n';
import { detectEnvironment, loginRefusal } from '../../lib/environment';
import { authenticateWithPi, loadPiSdk, PiTimeoutError, withPiTimeout } from '../../lib/piSdk';
import { confirmDialog, showToast } from '../../lib/ui';
import { goToProvider, leaveForProvider, PROVIDER_NAMES, type LeaveFor } from '../auth/providers';
import s from './AccountsScreen.module.css';

const ORDER: readonly IdentityProvider[] = ['pi', 'google', 'twitter'];

export interface AccountsScreenProps {
  /** Set Password (and, from there, the chat ID it signs in with). */
  passwordUrl: string;
  /** Leaves for Google's or X's page (tests watch it). */
  leave?: LeaveFor;
  /** The browser's user agent (tests set one). */
  userAgent?: string;
}

/**
 * Settings → Accounts: the ways into this account. The password (with the chat ID) and each
 * service the account has linked or the server offers and this browser can use; Link sends the person to Google or X
 * (they come back here, `?provider=…&linked=1` or `&error=…`) or asks the Pi SDK for a token;
 * Unlink asks first, and the server refuses to take the last way in.
 */
export function AccountsScreen({
  passwordUrl,
  leave = leaveForProvider,
  userAgent = navigator.userAgent,
}: AccountsScreenProps) {
  const t = useT();
  const nav = useNav();
  const params = useRouteParams();
  const [env] = useState(() => detectEnvironment(userAgent));
  const providers = useAuthProviders().data;
  const identities = useMyIdentities();
  const info = useMyInfo();
  const linkPi = useLinkPi();
  const unlink = useUnlinkIdentity();

  const returned = params.provider as IdentityProvider | undefined;
  const returnName = returned && returned in PROVIDER_NAMES ? PROVIDER_NAMES[returned] : null;

  const linkedOf = (provider: IdentityProvider) => identities.data?.list.find((i) => i.provider === provider);
  // A linked service, to unlink it anywhere; one to link only where it can work (spec 1: Pi in
  // the Pi Browser only, Google and Twitter outside it), as on the login screen.
  const canLinkHere = (provider: IdentityProvider) =>
    providers?.[provider] === true && loginRefusal(provider, env) === null;
  const shown = ORDER.filter((provider) => linkedOf(provider) || canLinkHere(provider));

  const link = async (provider: IdentityProvider) => {
    if (provider !== 'pi') {
      await goToProvider(provider, () => startLink(provider), t, leave);
      return;
    }
    let accessToken: string;
    try {
      accessToken = await authenticateWithPi(
        await withPiTimeout(loadPiSdk()),
        providers?.piSandbox ?? false,
        () => undefined,
      );
    } catch (failure) {
      showToast(t(failure instanceof PiTimeoutError ? 'piLogin.timeout' : 'errors.piLoginFailed'));
      return;
    }
    // A refusal (linked elsewhere, …) is toasted by the request function.
    await linkPi.mutateAsync(accessToken).then(
      () => showToast(t('accounts.linked', { name: PROVIDER_NAMES.pi }), { role: 'status' }),
      () => undefined,
    );
  };

  const remove = async (provider: IdentityProvider) => {
    const name = PROVIDER_NAMES[provider];
    const sure = await confirmDialog({
      title: t('accounts.unlinkConfirm', { name }),
      confirmText: t('accounts.unlink'),
      danger: true,
      cancelText: t('common.cancel'),
    });
    if (sure) await unlink.mutateAsync(provider).catch(() => undefined);
  };

  return (
    <Page title={t('routes.accounts')}>
      <p className={s.hint}>{t('accounts.hint')}</p>
      {returnName && params.linked && (
        <p className={s.note} role="status">
          {t('accounts.linked', { name: returnName })}
        </p>
      )}
      {returnName && params.error && (
        <p className={s.failed} role="alert">
          {t('accounts.linkFailed', { name: returnName })}
          {params.error !== 'failed' && ` (${t(`errors.${params.error}`, { defaultValue: '' })})`}
        </p>
      )}
      <ul className={s.list}>
        <li className={s.row}>
          <span className={s.name}>{t('accounts.password')}</span>
          <span className={s.value}>
            {identities.data?.password ? (info.data?.chatNo ?? '') : t('accounts.notSet')}
          </span>
          <button type="button" className={s.action} onClick={() => nav.navigateTo(passwordUrl)}>
            {t('profile.setPassword')}
          </button>
        </li>
        {shown.map((provider) => {
          const linked = linkedOf(provider);
          const name = PROVIDER_NAMES[provider];
          return (
            <li key={provider} className={s.row}>
              <span className={s.name}>{name}</span>
              <span className={s.value}>{linked ? linked.name : t('accounts.notLinked')}</span>
              {linked ? (
                <button
                  type="button"
                  className={s.action}
                  aria-label={`${t('accounts.unlink')} ${name}`}
                  onClick={() => void remove(provider)}
                >
                  {t('accounts.unlink')}
                </button>
              ) : (
                <button
                  type="button"
                  className={s.action}
                  aria-label={`${t('accounts.link')} ${name}`}
                  onClick={() => void link(provider)}
                >
                  {t('accounts.link')}
                </button>
              )}
            </li>
          );
        })}
      </ul>
    </Page>
  );
}
