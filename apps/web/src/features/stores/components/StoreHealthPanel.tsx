import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Skeleton, Space, Tag, Tooltip } from 'antd';
import { SyncOutlined } from '@ant-design/icons';
import { STORE_HEALTH_DAYS, type StoreHealth, type StoreItem } from '@fbo/shared';
import { DateTime } from '../../../components/DateTime';
import { JobProgress } from '../../../components/JobProgress';
import { storeHealthQuery, storeKeys, storesApi } from '../stores.api';
import { useStoreWrite } from './useStoreWrite';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function Deliveries({ d }: { d: StoreHealth['deliveries'] }) {
  return (
    <Space size={4} wrap>
      <Tag>{d.received} received</Tag>
      <Tag color={d.failed ? 'error' : undefined}>{d.failed} failed</Tag>
      <Tooltip title="Not imported: the reason is in the import log below">
        <Tag color={d.ignored ? 'warning' : undefined}>{d.ignored} not imported</Tag>
      </Tooltip>
      {d.waiting ? <Tag color="processing">{d.waiting} waiting</Tag> : null}
    </Space>
  );
}

function LastPull({ health }: { health: StoreHealth }) {
  if (!health.lastReconciledAt || !health.lastReconcile) return <>Never</>;
  const r = health.lastReconcile;
  return (
    <Space size={4} wrap>
      <DateTime value={health.lastReconciledAt} />
      <span>
        · {plural(r.processed, 'order')} read, {r.created} caught up (new), {r.linked} linked, {r.updated} updated
      </span>
    </Space>
  );
}

function Credentials({ health, platform }: { health: StoreHealth; platform: StoreItem['platform'] }) {
  if (platform === 'manual') return <>None (a manual store)</>;
  if (!health.tokenExpiresAt) return <>Do not expire</>;
  return (
    <Space size={4}>
      <span>
        Renewed while in use; expire on <DateTime value={health.tokenExpiresAt} />
      </span>
      {health.tokenExpiresSoon ? <Tag color="warning">Expires soon: connect again</Tag> : null}
    </Space>
  );
}

/**
 * What keeps a store's orders arriving (docs/stores.md, "Store health"): its status and reason, the platform's
 * deliveries of the last days, the last pull and what it caught up, its credentials' expiry. The seller's manager
 * can "Sync now" (products, and the orders since the last pull).
 */
export function StoreHealthPanel({ store, canSync }: { store: StoreItem; canSync: boolean }) {
  const query = useQuery(storeHealthQuery(store.id));
  const queryClient = useQueryClient();
  const { run, busy } = useStoreWrite();
  /** The job Sync now follows: the orders pull when there is one (it is what the health shows), else the products sync. */
  const [syncJob, setSyncJob] = useState<string | null>(null);
  async function syncNow() {
    const answer = await run(() => storesApi.syncNow(store.id), (a) => a.message);
    if (answer) setSyncJob(answer.orderJobId ?? answer.productJobId);
  }
  const syncable = canSync && store.platform !== 'manual' && !store.isDemo && store.status === 'connected';

  if (query.isPending) return <Skeleton active paragraph={{ rows: 4 }} />;
  if (query.isError) return <Alert type="error" showIcon title="The store's health could not be read" />;
  const health = query.data;
  return (
    <section aria-label="Store health" className="store-health">
      {store.status !== 'connected' && store.statusReason ? (
        <Alert type={store.status === 'disconnected' ? 'info' : 'warning'} showIcon title={store.statusReason} style={{ marginBottom: 12 }} />
      ) : null}
      <Descriptions
        size="small"
        column={1}
        bordered
        items={[
          { key: 'deliveries', label: `Deliveries (last ${STORE_HEALTH_DAYS} days)`, children: <Deliveries d={health.deliveries} /> },
          { key: 'last-delivery', label: 'Last delivery', children: <DateTime value={health.deliveries.lastReceivedAt} /> },
          { key: 'last-pull', label: 'Last reconciliation', children: <LastPull health={health} /> },
          { key: 'credentials', label: 'Credentials', children: <Credentials health={health} platform={store.platform} /> },
          ...(store.platform === 'woocommerce' ? [{ key: 'webhooks', label: 'Webhooks checked', children: <DateTime value={health.webhooksCheckedAt} /> }] : []),
        ]}
      />
      {syncable ? (
        <Button icon={<SyncOutlined />} loading={busy || !!syncJob} style={{ marginTop: 12 }} onClick={() => void syncNow()}>
          Sync now
        </Button>
      ) : null}
      {syncJob ? (
        <div style={{ marginTop: 12 }}>
          <JobProgress
            key={syncJob}
            jobId={syncJob}
            onFinished={() => {
              setSyncJob(null);
              void queryClient.invalidateQueries({ queryKey: storeKeys.all });
            }}
          />
        </div>
      ) : null}
    </section>
  );
}
