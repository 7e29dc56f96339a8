import { z } from 'zod';
import { endpoint } from './endpoint';

export const DictItem = z.object({ dictLabel: z.string(), dictValue: z.string() });
export type DictItem = z.infer<typeof DictItem>;

/** Dictionary types the server ships. */
export const DictType = z.enum(['sys_user_sex', 'user_intro_suggest', 'friend_apply_reason']);
export type DictType = z.infer<typeof DictType>;

export const getDict = endpoint({
  method: 'GET',
  path: '/system/dict/data/type/:type',
  request: z.object({ type: DictType }),
  response: z.array(DictItem),
  auth: true,
  summary: 'Dictionary items of a type, localized by the request language',
});
