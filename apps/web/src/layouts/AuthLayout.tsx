import { Card } from 'antd';
import { Outlet } from 'react-router';
import { useThemeConfig } from '../features/theme';
import './auth-layout.css';

/** Centered card with the agency's logo or title, shared by every account screen. */
export default function AuthLayout() {
  const { logo, title } = useThemeConfig();
  return (
    <div className="auth-page">
      <header className="auth-brand">
        {logo ? <img src={logo} alt={title} className="auth-logo" /> : <span className="auth-title">{title}</span>}
      </header>
      <main className="auth-main">
        <Card className="auth-card">
          <Outlet />
        </Card>
      </main>
    </div>
  );
}
