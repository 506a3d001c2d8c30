import LoginPage from './LoginPage';

export default function CompanyLoginPage() {
  return <LoginPage only="company" />;
}
