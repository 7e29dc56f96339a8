/**
 * The profile forms' rule sets for the spec's checker (section 5), each in the order its
 * messages should come.
 */
import { INTRO_MAX, NICKNAME_MAX } from '@paichat/protocol';
import type { RuleSet } from '../../lib/checker';
import type { useT } from '../../i18n';
import { newPasswordRules, registerRules } from '../auth/rules';

type T = ReturnType<typeof useT>;

// Lengths in UTF-16 units, as the server counts them (no `u` flag on purpose).
const NICKNAME_LENGTH = new RegExp(`^[\\s\\S]{1,${NICKNAME_MAX}}$`);
const INTRO_LENGTH = new RegExp(`^[\\s\\S]{0,${INTRO_MAX}}$`);

/** Name: required, at most NICKNAME_MAX once trimmed. */
export function nickNameRules(t: T): RuleSet {
  return {
    nickName: {
      message: t('validation.nickNameRequired'),
      rules: [
        { type: 'required' },
        { type: 'reg', pattern: NICKNAME_LENGTH, message: t('validation.nickNameTooLong') },
      ],
    },
  };
}

/** Bio: optional, at most INTRO_MAX. */
export function introRules(t: T): RuleSet {
  return {
    intro: {
      message: t('profile.bioTooLong', { max: INTRO_MAX }),
      rules: [{ type: 'reg', pattern: INTRO_LENGTH }],
    },
  };
}

/** The chat ID rule is sign-up's (spec 5), the same messages. */
export function chatNoRules(t: T): RuleSet {
  const { chatNo } = registerRules(t);
  return chatNo ? { chatNo } : {};
}

/**
 * Spec 5's new-password rule: current password (when the account has one), then the new one,
 * 8 to 16 characters mixing digits and letters, then the confirmation, which must match.
 */
export function passwordRules(t: T, hasPassword: boolean): RuleSet {
  return {
    ...(hasPassword
      ? {
          oldPassword: {
            message: t('profile.password.currentRequired'),
            rules: [{ type: 'required' }],
          },
        }
      : {}),
    newPassword: newPasswordRules(t, t('profile.password.newRequired')),
    confirmPassword: {
      message: t('profile.password.confirmRequired'),
      rules: [
        { type: 'required' },
        { type: 'same', field: 'newPassword', message: t('validation.passwordMismatch') },
      ],
    },
  };
}
