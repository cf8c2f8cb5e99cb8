import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Result, Skeleton, Table, Typography, type TableColumnsType } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { displayOrderName, formatUsd, routePath, type OrderImportDetail } from '@fbo/shared';
import { downloadUrl } from '../../../api/download';
import { HttpError } from '../../../api/http';
import { DateTime } from '../../../components/DateTime';
import { PageHeader } from '../../../components/PageHeader';
import { ScrollRegion } from '../../../components/ScrollRegion';
import { MSG } from '@fbo/shared/domain/messages';
import { failureColumns } from '../components/ImportPreviewView';
import { importDetailQuery } from '../order-import.api';
import { formatLabel, importStatusTag } from './importColumns';
import '../order-import.css';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// The server's own words for it (order-import.service.ts).
const IMPORT_NOT_FOUND = 'Import not found';

type CreatedOrder = OrderImportDetail['orders'][number];
const orderColumns: TableColumnsType<CreatedOrder> = [
  { title: 'Order', dataIndex: 'orderName', render: (v: string, r) => <Link to={routePath('s-order-detail', { id: r.id })}>{displayOrderName(v)}</Link> },
  { title: 'Customer', dataIndex: 'fullName' },
  { title: 'Items', dataIndex: 'itemCount', align: 'right' },
  { title: 'Total', dataIndex: 'totalPrice', align: 'right', render: (v: number) => formatUsd(v) },
  { title: 'Status', dataIndex: 'status' },
];

/** /s/orders/import/histories/{id}: one import's summary, failed rows (with the download) and the orders it created. */
export default function ImportHistoryDetailPage() {
  const { id = '' } = useParams();
  // Not an id at all (a mangled link): as missing as an unknown one, without asking the server.
  const valid = UUID.test(id);
  const query = useQuery({
    ...importDetailQuery(id),
    enabled: valid,
    refetchInterval: (q) => (q.state.data && ['queued', 'running'].includes(q.state.data.import.status) ? 2000 : false),
  });
  const d = query.data;
  const backLink = <Link to={routePath('s-order-import-histories')}>Import histories</Link>;
  // Unknown, deleted or another team's import: the server answers 404 alike.
  if (!valid || (query.error instanceof HttpError && query.error.status === 404)) {
    return (
      <>
        <PageHeader title="Import Detail" />
        <Result status="404" title={IMPORT_NOT_FOUND} extra={backLink} />
      </>
    );
  }
  return (
    <>
      <PageHeader title="Import Detail" extra={backLink} />
      {query.isError ? <Alert type="error" showIcon title={MSG.serverError} /> : null}
      {!d ? (
        query.isError ? null : <Skeleton active />
      ) : (
        <>
          <Descriptions className="import-summary" bordered size="small" column={{ xs: 1, md: 3 }} items={[
            { key: 'file', label: 'File', children: d.import.fileName },
            { key: 'format', label: 'Format', children: formatLabel(d.import.format) },
            { key: 'status', label: 'Status', children: importStatusTag(d.import.status) },
            { key: 'created', label: 'Created', children: <DateTime value={d.import.createdAt} /> },
            { key: 'finished', label: 'Finished', children: <DateTime value={d.import.finishedAt} /> },
            { key: 'createProduct', label: 'Create product', children: d.import.createProduct ? 'Yes' : 'No' },
            { key: 'rows', label: 'Rows', children: d.import.totalRows },
            { key: 'ordersCreated', label: 'Orders created', children: d.import.ordersCreated },
            { key: 'skipped', label: 'Skipped (already imported)', children: d.import.ordersSkipped },
            { key: 'failed', label: 'Failed rows', children: d.import.failedRows },
          ]} />
          <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', marginTop: 24 }}>
            <h2 className="import-subtitle">Failed rows</h2>
            {d.reportUrl ? (
              <Button icon={<DownloadOutlined />} onClick={() => downloadUrl(d.reportUrl!)}>
                Download failed rows
              </Button>
            ) : null}
          </div>
          {d.failures.length ? (
            <ScrollRegion label="Failed rows">
              <Table size="small" rowKey="id" rowClassName={() => 'import-failed-row'} columns={failureColumns}
                dataSource={d.failures.map((f) => ({ ...f, id: `${f.row}` }))} pagination={{ pageSize: 20, hideOnSinglePage: true }} />
            </ScrollRegion>
          ) : (
            <Typography.Text type="secondary">No failed rows.</Typography.Text>
          )}
          <h2 className="import-subtitle" style={{ marginTop: 24 }}>Created orders ({d.ordersTotal.toLocaleString('en-US')})</h2>
          <ScrollRegion label="Created orders">
            <Table<CreatedOrder> size="small" rowKey="id" columns={orderColumns} dataSource={d.orders} pagination={{ pageSize: 20, hideOnSinglePage: true }} />
          </ScrollRegion>
        </>
      )}
    </>
  );
}
