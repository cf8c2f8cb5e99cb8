import { Typography } from 'antd';

// Being built (issue 17): replaced by the real page before this lands.
export default function SellerWarehouseDetailPage() {
  return <Typography.Title level={3}>Warehouse</Typography.Title>;
}
