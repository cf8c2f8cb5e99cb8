import { Button, Flex, Layout } from 'antd';
import { MenuOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useRequiredSession } from '../entities/session';
import { useBrand } from '../entities/theme';
import { NotificationBell } from '../features/notifications';
import { SellerFigures } from '../features/seller-figures';
import { UserMenu } from './UserMenu';

export function AppHeader({ onOpenMenu }: { onOpenMenu: () => void }) {
  const { logo, title } = useBrand();
  const { info } = useRequiredSession();
  // Notifications exist only for agency and seller users (spec part 1 section 6).
  const hasNotifications = info.userType === 'agency' || info.userType === 'seller';
  return (
    <Layout.Header className="shell-header">
      <Button type="text" icon={<MenuOutlined />} aria-label="Open menu" className="shell-menu-button" onClick={onOpenMenu} />
      <Link to="/" className="shell-brand" aria-label={`${title} home`}>
        {logo ? <img src={logo} alt={title} className="shell-logo" /> : <span className="shell-title">{title}</span>}
      </Link>
      <Flex align="center" gap={16} className="shell-header-end">
        {/* A warehouse team's users hold no wallet of their own to watch (docs/warehouses.md): no money figures. */}
        {info.userType === 'seller' && info.sellerTeam?.sellerType !== 'warehouse' ? <SellerFigures info={info} /> : null}
        {hasNotifications ? <NotificationBell /> : null}
        <UserMenu info={info} />
      </Flex>
    </Layout.Header>
  );
}
