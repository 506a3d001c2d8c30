import { useEffect } from 'react';

/** After removing the last row of a page past the first, show the page before it instead of an empty list. */
export function useEmptyPageStepBack(
  table: { currentPage: number; setCurrentPage: (page: number) => void; tableQuery: { isFetching: boolean } },
  count: number,
) {
  const { currentPage, setCurrentPage, tableQuery } = table;
  useEffect(() => {
    if (!tableQuery.isFetching && count === 0 && currentPage > 1) setCurrentPage(currentPage - 1);
  }, [tableQuery.isFetching, count, currentPage, setCurrentPage]);
}
