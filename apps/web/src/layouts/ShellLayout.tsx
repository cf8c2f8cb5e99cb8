import { Layout } from 'antd';
import { Outlet } from 'react-router';
import { AppHeader } from './AppHeader';
import { SideMenu } from './SideMenu';
import './shell-layout.css';

/** The signed-in frame: header, left menu, content (spec part 1 section 2, Layout). */
export default function ShellLayout() {
  return (
    <Layout className="shell">
      <AppHeader />
      <Layout>
        <Layout.Sider width={220} className="shell-sider" theme="light">
          <SideMenu />
        </Layout.Sider>
        <Layout.Content className="shell-content">
          <Outlet />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
