import { useMediaQuery } from './useMediaQuery';

/** The width below which a list's filters move into a drawer (styles.css uses the same 767 px). */
const NARROW = '(max-width: 767px)';

/** True on a phone-wide screen; false on the server and while a page hydrates (CSS hides what does not fit until then). */
export function useNarrowScreen(): boolean {
  return useMediaQuery(NARROW);
}
