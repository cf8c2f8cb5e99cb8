import { Typography } from 'antd';

// Being built (issue 17): replaced by the real page before this lands.
export default function WarehouseProductCreatePage() {
  return <Typography.Title level={3}>Create Warehouse Product</Typography.Title>;
}
