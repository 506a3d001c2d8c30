import { useEffect } from 'react';
import { request } from '../../../providers/http';

/**
 * Reports that the offer was shown (the company's view count, issue 11 §3): once per offer per browser tab, after
 * the page has rendered, so the server-rendered and cached offer itself never waits for it. A failure is ignored:
 * a lost view is not the reader's problem.
 */
export function useOfferView(hash: string | undefined, counted: boolean): void {
  useEffect(() => {
    if (!hash || !counted) return;
    const key = `alumni.viewed.${hash}`;
    try {
      if (sessionStorage.getItem(key)) return;
      sessionStorage.setItem(key, '1');
    } catch {
      // storage refused (private mode): count anyway, the server drops repeats within the hour
    }
    request('api', `jobs/${encodeURIComponent(hash)}/view`, { method: 'POST', body: {} }).catch(() => undefined);
  }, [hash, counted]);
}
