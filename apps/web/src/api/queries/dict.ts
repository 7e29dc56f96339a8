import { queryOptions, useQuery } from '@tanstack/react-query';
import { getDict, type DictType } from '@paichat/protocol';
import { currentLocale } from '../../i18n';
import { call } from '../request';

/** The server localizes dictionaries by the request language, so the locale is part of the key. */
export const dictKey = (type: DictType, locale: string) => ['dict', type, locale] as const;

export const dictQuery = (type: DictType, locale: string = currentLocale()) =>
  queryOptions({
    queryKey: dictKey(type, locale),
    queryFn: ({ signal }) => call(getDict, { type }, { signal }),
    staleTime: Infinity,
  });

/** Dictionary items of a type (`GET /system/dict/data/type/:type`). */
export function useDict(type: DictType) {
  return useQuery(dictQuery(type));
}
