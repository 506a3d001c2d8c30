import { useEffect } from 'react';

/** The tab's title (the server puts the same one in the page's <head>, modules/seo). */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title;
  }, [title]);
}
