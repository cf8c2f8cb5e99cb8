import { Outlet } from 'react-router';
import { useBrand } from '../entities/theme';
import './auth-layout.css';

/** Centered card with the agency's logo or title, shared by every account screen. */
export default function AuthLayout() {
  const { logo, title } = useBrand();
  return (
    <div className="auth-page">
      <header className="auth-brand">
        {logo ? <img src={logo} alt={title} className="auth-logo" /> : <span className="auth-title">{title}</span>}
      </header>
      <main className="auth-main">
        {/* A plain panel, not antd Card: Card pulls in Tabs, too heavy for the sign-in page. */}
        <div className="auth-card">
          <Outlet />
        </div>
      </main>
    </div>
  );
}
