import { useEffect, useState } from 'react';

/**
 * The value, once it has stopped changing for `ms` (SPEC §9: 500 ms for text-like filters, 250 ms
 * for choices). A dozen lines; a debounce library would add a dependency for no gain.
 */
export function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), ms);
    return () => window.clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
