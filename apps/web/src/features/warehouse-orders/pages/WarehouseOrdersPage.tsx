import { Typography } from 'antd';

// Being built (issue 17): replaced by the real page before this lands.
export default function WarehouseOrdersPage() {
  return <Typography.Title level={3}>Warehouse Orders</Typography.Title>;
}
