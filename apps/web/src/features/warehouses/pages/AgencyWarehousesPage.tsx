import { Typography } from 'antd';

// Being built (issue 17): replaced by the real page before this lands.
export default function AgencyWarehousesPage() {
  return <Typography.Title level={3}>Warehouses</Typography.Title>;
}
