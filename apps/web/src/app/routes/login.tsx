import { LoginScreen } from '../../features/auth/components/login-screen.tsx';

export default function LoginPage() {
  return (
    <div className="page">
      <LoginScreen />
    </div>
  );
}
