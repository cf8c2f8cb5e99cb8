import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Space } from 'antd';
import { routePath, type OrderImportRow } from '@fbo/shared';
import { ListTable, pagedQueryProps } from '../../../components/ListTable';
import { PageHeader } from '../../../components/PageHeader';
import { useListParams } from '../../../hooks/useListParams';
import { ImportOrdersButton } from '../components/ImportOrdersButton';
import { importListQuery } from '../order-import.api';
import { importColumns } from './importColumns';

const NO_FILTERS = [] as const;

/** /s/orders/import/histories: the team's order imports, newest first. */
export default function ImportHistoriesPage() {
  const list = useListParams(NO_FILTERS);
  const query = useQuery({
    ...importListQuery({ page: list.page, limit: list.limit }),
    // A running import's counts change: refresh while one is in progress.
    refetchInterval: (q) => (q.state.data?.data.some((r) => r.status === 'queued' || r.status === 'running') ? 2000 : false),
  });
  return (
    <>
      <PageHeader
        title="Import Histories"
        extra={
          <Space wrap>
            <Link to={routePath('s-orders')}>Orders</Link>
            <ImportOrdersButton />
          </Space>
        }
      />
      <ListTable<OrderImportRow> label="Order imports" columns={importColumns} {...pagedQueryProps(query, list)} />
    </>
  );
}
