import type { Gender } from '@paichat/protocol';

export const GENDERS: readonly Gender[] = ['male', 'female', 'unknown'];

/**
 * The labels come from the interface language rather than the `sys_user_sex` dictionary, so
 * they match every other label of the screen (and stay put while the dictionary loads).
 */
export const GENDER_LABEL = {
  male: 'profile.genders.male',
  female: 'profile.genders.female',
  unknown: 'profile.genders.unknown',
} as const satisfies Record<Gender, string>;
