import {
  CHAT_NO_MAX,
  CHAT_NO_MIN,
  CHAT_NO_PATTERN,
  LOGIN_PASSWORD_MAX,
  LOGIN_PASSWORD_MIN,
  NEW_PASSWORD_MAX,
  NEW_PASSWORD_MIN,
  NICKNAME_MAX,
} from '@paichat/protocol';
import type { FieldRules, RuleSet } from '../../lib/checker';
import type { useT } from '../../i18n';

type T = ReturnType<typeof useT>;

const PASSWORD_LENGTH = new RegExp(`^.{${LOGIN_PASSWORD_MIN},${LOGIN_PASSWORD_MAX}}$`, 'su');
const CHAT_NO_LONG_ENOUGH = new RegExp(`^.{${CHAT_NO_MIN},}$`, 'su');
const CHAT_NO_SHORT_ENOUGH = new RegExp(`^.{0,${CHAT_NO_MAX}}$`, 'su');
const NICKNAME_LENGTH = new RegExp(`^\\s*.{1,${NICKNAME_MAX}}\\s*$`, 'su');
// Lengths in UTF-16 units, as the server counts them (no `u` flag on purpose).
const NEW_PASSWORD_LENGTH = new RegExp(`^[\\s\\S]{${NEW_PASSWORD_MIN},${NEW_PASSWORD_MAX}}$`);
/** The protocol's NewPassword rule: at least one digit and one letter. */
const DIGITS_AND_LETTERS = /^(?=.*\d)(?=.*[A-Za-z])/s;

/**
 * Spec 5's new-password rule, for sign-up and a password change: 8 to 16 characters mixing
 * digits and letters. `requiredMessage` is what the form says of an empty one.
 */
export function newPasswordRules(t: T, requiredMessage: string): FieldRules {
  return {
    message: requiredMessage,
    rules: [
      { type: 'required' },
      { type: 'reg', pattern: NEW_PASSWORD_LENGTH, message: t('profile.password.length') },
      { type: 'reg', pattern: DIGITS_AND_LETTERS, message: t('profile.password.mix') },
    ],
  };
}

/**
 * The login rules of spec 5, in its order: account, password, password length, verification
 * code (only when the server uses one), agreement, and last the PipID format. The PipID check
 * reads the account under a second name so that it can come after the agreement.
 */
export function loginRules(t: T, codeRequired: boolean): RuleSet {
  const pipIdInvalid = t('validation.pipIdInvalid');
  return {
    account: { message: t('validation.accountRequired'), rules: [{ type: 'required' }] },
    password: {
      message: t('validation.passwordRequired'),
      rules: [
        { type: 'required' },
        { type: 'reg', pattern: PASSWORD_LENGTH, message: t('validation.passwordLength') },
      ],
    },
    ...(codeRequired
      ? { code: { message: t('validation.codeRequired'), rules: [{ type: 'required' }] } }
      : {}),
    agreed: { message: t('validation.agreementRequired'), rules: [{ type: 'required' }] },
    pipId: {
      message: pipIdInvalid,
      rules: [
        { type: 'reg', pattern: CHAT_NO_PATTERN, message: pipIdInvalid },
        { type: 'reg', pattern: CHAT_NO_LONG_ENOUGH, message: pipIdInvalid },
        { type: 'reg', pattern: CHAT_NO_SHORT_ENOUGH, message: pipIdInvalid },
      ],
    },
  };
}

export interface LoginValues {
  account: string;
  password: string;
  code: string;
  agreed: boolean;
}

export const loginData = (v: LoginValues) => ({ ...v, account: v.account.trim(), pipId: v.account.trim() });

/**
 * Sign-up: chat ID (spec 5 chat ID rule), nickname, the new-password rule, confirmation, the
 * verification code (only when the server uses one), agreement.
 */
export function registerRules(t: T, codeRequired = false): RuleSet {
  return {
    chatNo: {
      message: t('validation.chatNoRequired'),
      rules: [
        { type: 'required' },
        { type: 'reg', pattern: CHAT_NO_PATTERN, message: t('chatNo.invalid') },
        { type: 'reg', pattern: CHAT_NO_LONG_ENOUGH, message: t('chatNo.tooShort') },
        { type: 'reg', pattern: CHAT_NO_SHORT_ENOUGH, message: t('chatNo.tooLong') },
      ],
    },
    nickName: {
      message: t('validation.nickNameRequired'),
      rules: [
        { type: 'required' },
        { type: 'reg', pattern: NICKNAME_LENGTH, message: t('validation.nickNameTooLong') },
      ],
    },
    password: newPasswordRules(t, t('validation.passwordRequired')),
    confirm: {
      message: t('validation.confirmRequired'),
      rules: [
        { type: 'required' },
        { type: 'same', field: 'password', message: t('validation.passwordMismatch') },
      ],
    },
    ...(codeRequired
      ? { code: { message: t('validation.codeRequired'), rules: [{ type: 'required' }] } }
      : {}),
    agreed: { message: t('validation.agreementRequired'), rules: [{ type: 'required' }] },
  };
}
