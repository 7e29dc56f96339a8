import { useState } from 'react';
import { ErrorId } from '@paichat/protocol';
import { useCaptcha } from '../../api/queries/captcha';
import { ApiError } from '../../api/request';
import type { CaptchaFieldProps } from './CaptchaField';

/**
 * The verification code of the sign-in and sign-up forms. The field shows when the server uses
 * codes (or cannot be asked), and also once it refused a sign-in with `captchaRequired`: that
 * account's failed sign-ins made a code necessary, so one is fetched for it. A code is good for
 * one try: after every refusal the typed code is cleared and a new image loaded. A form waits
 * for `ready` before it draws, so the field is never shown, then taken away, while the server's
 * setting is on its way.
 */
export function useVerificationCode() {
  const [requiredFor, setRequiredFor] = useState('');
  const captcha = useCaptcha(requiredFor);
  const [code, setCode] = useState('');
  // When the server cannot be asked, or while a code for an account loads, expect a code.
  const enabled = captcha.data?.enabled ?? true;
  // Known once the first answer (or failure) is in; a code asked for an account is wanted anyway.
  const ready = !captcha.isPending || requiredFor !== '';

  const field: CaptchaFieldProps = {
    value: code,
    onValueChange: setCode,
    image: captcha.data?.image,
    loading: captcha.isFetching,
    onRefresh: () => void captcha.refetch(),
  };

  return {
    ready,
    enabled,
    code,
    field,
    /** What the request carries: the code and its id, or nothing when none is needed. */
    answer: () => (enabled ? { captchaId: captcha.data?.captchaId, captchaCode: code.trim() } : {}),
    /** After a refused submit; `account` is the one a sign-in was refused for. */
    refused(failure: unknown, account = '') {
      setCode('');
      const asked = failure instanceof ApiError && failure.err === ErrorId.captchaRequired;
      // A new key fetches by itself; otherwise ask for a fresh code.
      if (asked && account !== requiredFor) setRequiredFor(account);
      else if (enabled || asked) void captcha.refetch();
    },
  };
}
