import type { MomentPerson } from '@paichat/protocol';

/** How the viewer calls someone on a post: their remark for them, else the person's name. */
export const nameOf = (person: Pick<MomentPerson, 'remark' | 'nickName'>): string =>
  person.remark || person.nickName;
