import { useEffect } from 'react';
import { useLogout } from '@refinedev/core';
import { Spinner } from '../../../components/Spinner';

/** user/logout and company/logout: sign out (also where a 401/403 sends the visitor, SPEC §2). */
export default function LogoutPage() {
  const { mutate: logout } = useLogout();
  useEffect(() => logout(), [logout]);
  return <Spinner />;
}
