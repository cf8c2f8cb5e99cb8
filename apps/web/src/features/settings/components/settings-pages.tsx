import type { ReactNode } from 'react';
import {
  BgColorsOutlined, CarOutlined, FileExcelOutlined, GlobalOutlined, LayoutOutlined, MailOutlined, SettingOutlined, WalletOutlined,
} from '@ant-design/icons';
import type { RouteName } from '@fbo/shared';
import { findRoute } from '@fbo/shared/routes';

export interface SettingsPageInfo {
  /** Route name; pages still to come (theme, email) are named too and left out until they exist. */
  route: string;
  /** Card and breadcrumb title. */
  title: string;
  description: string;
  icon: ReactNode;
}

/** Every settings page of the spec's board, in its order (spec part 2 section 2, Settings board). */
const ALL_SETTINGS_PAGES: readonly SettingsPageInfo[] = [
  { route: 'ag-settings-domain', title: 'Domain', description: 'Your own domains and their DNS connection.', icon: <GlobalOutlined /> },
  { route: 'ag-settings-theme', title: 'Theme', description: 'Colours, logo, favicon and title of your brand.', icon: <BgColorsOutlined /> },
  { route: 'ag-settings-payment', title: 'Payment', description: 'Exchange rate and the top-up instructions sellers see.', icon: <WalletOutlined /> },
  { route: 'ag-settings-email', title: 'Email', description: 'Customer and contact e-mails, and your mail templates.', icon: <MailOutlined /> },
  { route: 'ag-settings-shipping', title: 'Shipping', description: 'Countries and provinces you do not ship to.', icon: <CarOutlined /> },
  { route: 'ag-settings-landing-page', title: 'Landing Page', description: 'The landing page editor and where it lives.', icon: <LayoutOutlined /> },
  { route: 'ag-settings-template-file', title: 'Template File', description: 'Sample files offered on the import screens.', icon: <FileExcelOutlined /> },
  { route: 'ag-settings-others', title: 'Others', description: 'Order approval for new sellers.', icon: <SettingOutlined /> },
];

/** The settings pages that exist in the route table: the board links only these. */
export const SETTINGS_PAGES = ALL_SETTINGS_PAGES.filter((page) => findRoute(page.route));

export function settingsPage(route: RouteName): SettingsPageInfo {
  const page = SETTINGS_PAGES.find((p) => p.route === route);
  if (!page) throw new Error(`${route} is not a settings page`);
  return page;
}
