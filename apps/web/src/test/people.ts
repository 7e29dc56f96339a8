/** People the screen tests use. */
import type { MyInfo } from '@paichat/protocol';

/** The signed-in user of the profile screens' tests. */
export const me: MyInfo = {
  userId: '42',
  nickName: 'Ada Lovelace',
  portrait: '',
  userType: 'normal',
  chatNo: 'ada_1815',
  gender: 'female',
  intro: 'Poetical science',
  address: { country: 'GB', province: 'England', city: 'London' },
  shareRef: 'cAdaShare',
};
