import type { ReactNode } from 'react';
import type { UseInfiniteQueryResult } from '@tanstack/react-query';
import { useT } from '../i18n';
import s from './ListEnd.module.css';

export interface ListEndProps {
  query: Pick<
    UseInfiniteQueryResult,
    | 'isPending'
    | 'isPaused'
    | 'isError'
    | 'isFetchingNextPage'
    | 'isFetchNextPageError'
    | 'hasNextPage'
    | 'refetch'
    | 'fetchNextPage'
  >;
  count: number;
  /** What an empty list says. */
  empty: ReactNode;
  failedText: string;
  /** What the end of a list says ("No more moments"). */
  endText: string;
}

/**
 * What ends a paged list: loading, a failure with Retry, "nothing yet" or "no more"; nothing
 * while the first load waits for the network (the title bar says the phone is offline).
 */
export function ListEnd({ query, count, empty, failedText, endText }: ListEndProps) {
  const t = useT();
  const retry = (again: () => unknown) => (
    <div className={s.note}>
      <p>{failedText}</p>
      <button type="button" className={s.retry} onClick={() => void again()}>
        {t('common.retry')}
      </button>
    </div>
  );
  if (query.isPending && query.isPaused) return null;
  if (query.isPending || query.isFetchingNextPage) return <p className={s.note}>{t('common.loading')}</p>;
  if (query.isError && count === 0) return retry(query.refetch);
  if (count === 0) return empty;
  if (query.isFetchNextPageError) return retry(query.fetchNextPage);
  if (!query.hasNextPage) return <p className={s.note}>{endText}</p>;
  return null;
}

/** Asks for the next page when the end of the list comes near, unless it is already coming. */
export function loadMore(query: ListEndProps['query']): void {
  if (query.hasNextPage && !query.isFetchingNextPage && !query.isFetchNextPageError)
    void query.fetchNextPage();
}

/** Items left below the last one on screen when the next page is asked for. */
const LOOKAHEAD = 5;

/** Whether the last item on screen (`endIndex`) is near the end of the `count` loaded. */
export const nearEnd = (endIndex: number, count: number): boolean => endIndex >= count - 1 - LOOKAHEAD;
