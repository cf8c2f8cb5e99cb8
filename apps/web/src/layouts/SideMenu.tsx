import { useMemo } from 'react';
import { Menu } from 'antd';
import { Link, useLocation } from 'react-router';
import { menuFor } from '@fbo/shared/routes';
import { useRequiredSession } from '../entities/session';
import { OrderAttentionBadge } from '../entities/order';

/** The order lists' menu entries carry the order notifications' badge. */
const ORDER_LISTS: readonly string[] = ['ag-orders', 's-orders'];

/** The left menu from the shared menus: only entries that exist and the user may open. */
export function SideMenu() {
  const { actor } = useRequiredSession();
  const { pathname } = useLocation();
  const entries = useMemo(() => menuFor(actor), [actor]);
  // The entry whose path is the longest prefix of the address: detail pages light up their list.
  const selected = entries
    .filter((entry) => pathname === entry.path || pathname.startsWith(`${entry.path}/`))
    .sort((a, b) => b.path.length - a.path.length)[0];
  return (
    <nav aria-label="Main menu">
      <Menu
        mode="inline"
        selectedKeys={selected ? [selected.path] : []}
        items={entries.map((entry) => ({
          key: entry.path,
          label: (
            <Link to={entry.path}>
              {entry.label}
              {ORDER_LISTS.includes(entry.route) ? <OrderAttentionBadge /> : null}
            </Link>
          ),
        }))}
      />
    </nav>
  );
}
