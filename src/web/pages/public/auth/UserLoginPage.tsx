import LoginPage from './LoginPage';

export default function UserLoginPage() {
  return <LoginPage only="user" />;
}
