import { useEffect, useState, type ReactNode } from 'react';
import { Drawer, Layout } from 'antd';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '../entities/session';
import { AppHeader } from './AppHeader';
import { SideMenu } from './SideMenu';
import './shell-layout.css';

/**
 * The signed-in frame: header, left menu, content (spec part 1 section 2, Layout). The content is
 * the matched page, or `children` for a page outside the route table (Page not found).
 */
export default function ShellLayout({ children }: { children?: ReactNode }) {
  const { info } = useSession();
  const { pathname } = useLocation();
  // Small screens: the menu lives in a drawer opened from the header.
  const [menuOpen, setMenuOpen] = useState(false);
  useEffect(() => setMenuOpen(false), [pathname]);

  // Signed out while inside (logout, a 401 elsewhere): leave before anything needs the user.
  if (!info) return <Navigate to="/auth/login" replace />;
  return (
    <Layout className="shell">
      <AppHeader onOpenMenu={() => setMenuOpen(true)} />
      <Layout>
        <Layout.Sider width={220} className="shell-sider" theme="light">
          <SideMenu />
        </Layout.Sider>
        <Layout.Content className="shell-content">
          {children ?? <Outlet />}
        </Layout.Content>
      </Layout>
      <Drawer
        placement="left"
        size={260}
        open={menuOpen}
        onClose={() => setMenuOpen(false)}
        title="Menu"
        styles={{ body: { padding: 0 } }}
      >
        <SideMenu />
      </Drawer>
    </Layout>
  );
}
