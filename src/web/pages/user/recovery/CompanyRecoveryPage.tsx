import RecoveryPage from './RecoveryPage';

/** /company/recovery: the same page for company accounts (POST /com/recovery, /com/recovery/reset). */
export default function CompanyRecoveryPage() {
  return <RecoveryPage area="company" />;
}
