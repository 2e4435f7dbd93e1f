import { keepPreviousData } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';

/**
 * Infinite scroll of a server-paged list (part 2 §9: pages of 20): the returned ref goes on a row after the last
 * one; when it comes into view the next page is asked for, once at a time, and only online.
 */
export function useLoadMore<E extends Element>(
  pages: { hasNextPage: boolean; isFetchingNextPage: boolean; isPlaceholderData: boolean; fetchNextPage: () => Promise<unknown> },
  online: boolean,
  shown: number,
) {
  const sentinel = useRef<E>(null);
  const { hasNextPage, isFetchingNextPage, isPlaceholderData, fetchNextPage } = pages;
  useEffect(() => {
    const row = sentinel.current;
    // The rows of the last search, kept while the new one's first page comes, are not paged on.
    if (!row || !hasNextPage || !online || isPlaceholderData) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
    });
    observer.observe(row);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, isPlaceholderData, fetchNextPage, online, shown]);
  return sentinel;
}

/**
 * A searched server-paged list's `placeholderData`: online a new search keeps the last rows (the table marked
 * `aria-busy`) until its first page comes; offline it asks nothing, so it shows no rows of another search.
 */
export const keepRowsWhileSearching = (online: boolean) => (online ? keepPreviousData : undefined);
