import { Button, Empty } from 'antd';
import dayjs from 'dayjs';
import type { NotificationItem } from '@fbo/shared';
import './notifications.css';

interface Props {
  items: NotificationItem[];
  hasMore: boolean;
  loading: boolean;
  onLoadMore: () => void;
  onSetViewed: (id: string, viewed: boolean) => void;
}

export function NotificationList({ items, hasMore, loading, onLoadMore, onSetViewed }: Props) {
  if (!items.length && !loading) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No notifications" />;
  return (
    <div className="notifications">
      <ul className="notifications-list" aria-label="Notifications" aria-busy={loading}>
        {items.map((item) => (
          <li
            key={item.id}
            className={item.viewed ? 'notification' : 'notification notification-unread'}
            // A mouse shortcut: clicking an unread row reads it. Keyboards use the row's button.
            onClick={item.viewed ? undefined : () => onSetViewed(item.id, true)}
          >
            <div className="notification-title">
              {item.viewed ? null : <span className="visually-hidden">Unread: </span>}
              {item.title}
            </div>
            <div className="notification-content">{item.content}</div>
            <div className="notification-meta">
              <time dateTime={item.createdAt}>{dayjs(item.createdAt).format('YYYY-MM-DD HH:mm:ss')}</time>
              <Button
                type="link"
                size="small"
                onClick={(event) => {
                  event.stopPropagation();
                  onSetViewed(item.id, !item.viewed);
                }}
              >
                {item.viewed ? 'Mark as unread' : 'Mark as read'}
              </Button>
            </div>
          </li>
        ))}
      </ul>
      {hasMore ? (
        <Button block type="text" onClick={onLoadMore} loading={loading}>
          Load more
        </Button>
      ) : null}
    </div>
  );
}
