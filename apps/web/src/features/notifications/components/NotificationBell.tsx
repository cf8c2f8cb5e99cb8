import { Badge, Button, Popover } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { useNotifications } from '../useNotifications';
import { NotificationList } from './NotificationList';

/** The header bell: unread count and the notifications popover (350 px wide). */
export function NotificationBell() {
  const notifications = useNotifications();
  const unread = notifications.unviewCount;
  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      title="Notifications"
      styles={{ container: { width: 350 } }}
      onOpenChange={(open) => open && notifications.refetch()}
      content={
        <NotificationList
          items={notifications.items}
          hasMore={notifications.hasMore}
          loading={notifications.loading}
          onLoadMore={notifications.loadMore}
          onSetViewed={notifications.setViewed}
        />
      }
    >
      <Badge count={unread} size="small" offset={[-4, 4]}>
        <Button
          shape="circle"
          type="text"
          icon={<BellOutlined />}
          aria-label={unread ? `Notifications, ${unread} unread` : 'Notifications'}
        />
      </Badge>
    </Popover>
  );
}
