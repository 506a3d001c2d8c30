import { useEffect, useState } from 'react';
import { onInit, refreshPermissions, type InitAnswer } from '../providers/access';

/** The configuration of GET /api/init (role, permissions, site settings), kept current across sign-in and sign-out. */
export function useSiteInit(): InitAnswer | null {
  const [answer, setAnswer] = useState<InitAnswer | null>(null);
  useEffect(() => {
    let alive = true;
    refreshPermissions(false)
      .then((a) => alive && setAnswer(a))
      .catch(() => undefined); // SPEC §4: errors while loading the configuration are ignored
    const off = onInit((a) => alive && setAnswer(a));
    return () => {
      alive = false;
      off();
    };
  }, []);
  return answer;
}
