import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, DatePicker, Form, Modal, Space, Typography, type FormInstance } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { JobAnswer, StoreItem } from '@fbo/shared';
import { STORE_ORDER_MSG } from '@fbo/shared/domain/stores';
import { queryKeys } from '../../../api/query-keys';
import { JobProgress, jobDialogFooter, jobOutcome } from '../../../components/JobProgress';
import { pullableStoresQuery, storeKeys, storesApi } from '../stores.api';
import { inPullWindow, pullSinceWindowAt } from './pullSince';
import { useStoreWrite } from './useStoreWrite';

interface Values {
  since: Dayjs | null;
}

/** One pull under way: its job, and the store it reads when there are several. */
interface Pull {
  jobId: string;
  label?: string;
}

const DAY = 'YYYY-MM-DD';

interface PullDialogProps {
  title: string;
  intro: ReactNode;
  /** Starts the pulls; null when the server refused (its toast said why, its field errors are under the form's fields). */
  start: (since: string, form: FormInstance<Values>) => Promise<Pull[] | null>;
  cancelText?: string;
  onClose: () => void;
}

/**
 * "Pull orders since": the orders updated in the shop since the chosen day are read again (created, linked or
 * updated as a delivery would). The server's answer (or refusal) is the toast; each job's progress follows here,
 * and its result ("12 orders read: 3 created, ...") is the last word.
 */
function PullDialog({ title, intro, start, cancelText, onClose }: PullDialogProps) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [pulls, setPulls] = useState<Pull[] | null>(null);
  const [ended, setEnded] = useState<Record<string, boolean>>({});
  const [busy, setBusy] = useState(false);
  const days = useMemo(() => pullSinceWindowAt(new Date()), []);
  const finished = !!pulls && pulls.every((p) => ended[p.jobId]);

  async function pull({ since }: Values) {
    if (!since) return;
    setBusy(true);
    try {
      const started = await start(since.format(DAY), form);
      if (started) setPulls(started);
    } finally {
      setBusy(false);
    }
  }

  function finish(pullOne: Pull, job: JobAnswer) {
    setEnded((now) => ({ ...now, [pullOne.jobId]: true }));
    const { ok, text } = jobOutcome(job);
    const prefix = pullOne.label ? `${pullOne.label}: ` : '';
    if (ok) void message.success(prefix + (text || 'Orders pulled'));
    else void message.error(prefix + (text || 'The orders could not be pulled'));
    void queryClient.invalidateQueries({ queryKey: storeKeys.all });
    void queryClient.invalidateQueries({ queryKey: queryKeys.orders.all });
  }

  // One job at a time is what the shared footer knows: "several" is finished when every one is.
  const footer = jobDialogFooter({ jobId: pulls?.[0]?.jobId ?? null, finished, busy }, onClose, { label: 'Pull orders', onClick: () => form.submit(), cancelLabel: cancelText });

  return (
    <Modal open title={title} onCancel={onClose} footer={footer} maskClosable={!pulls || finished}>
      {pulls ? (
        <Space orientation="vertical" style={{ width: '100%' }}>
          {pulls.map((p) => (
            <div key={p.jobId}>
              {p.label ? <Typography.Text strong>{p.label}</Typography.Text> : null}
              <JobProgress jobId={p.jobId} onFinished={(job) => finish(p, job)} />
            </div>
          ))}
        </Space>
      ) : (
        <Form form={form} name="pull-orders" layout="vertical" initialValues={{ since: dayjs(days.initial) }} onFinish={(values) => void pull(values)}>
          <Typography.Paragraph>{intro}</Typography.Paragraph>
          <Form.Item label="Orders updated since" name="since" rules={[{ required: true, message: STORE_ORDER_MSG.pullSince }]}>
            <DatePicker format={DAY} allowClear={false} disabledDate={(day) => !inPullWindow(days, day.format(DAY))} />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}

/** A seller's pull of one store (Stores page). */
export function PullOrdersDialog({ store, onClose }: { store: Pick<StoreItem, 'id' | 'name'>; onClose: () => void }) {
  const { run } = useStoreWrite();
  const start = async (since: string, form: FormInstance<Values>) => {
    const answer = await run(() => storesApi.pullOrders(store.id, { since }), undefined, form);
    return answer ? [{ jobId: answer.jobId }] : null;
  };
  const intro = (
    <>
      The orders of <strong>{store.name}</strong> updated in the store since this day are read again: new ones are created, changed ones updated.
    </>
  );
  return <PullDialog title="Pull orders" intro={intro} start={start} onClose={onClose} />;
}

/**
 * The agency's offer when it turns a team's Get order API on: the orders its connected shops took meanwhile
 * (deliveries while the switch was off were logged, not imported) are pulled since a day, one job per store.
 */
export function TeamPullOrdersDialog({ team, onClose }: { team: { id: string; name: string }; onClose: () => void }) {
  const { run } = useStoreWrite();
  const stores = useQuery(pullableStoresQuery(team.id));
  const none = stores.isError || (stores.data && stores.data.length === 0);
  // Nothing to offer (no connected shop, or the list could not be read): the switch alone is the change.
  useEffect(() => {
    if (none) onClose();
  }, [none, onClose]);
  if (!stores.data?.length) return null;
  const start = async (since: string, form: FormInstance<Values>) => {
    const answer = await run(() => storesApi.pullTeamOrders(team.id, { since }), undefined, form);
    return answer ? answer.pulls.map((p) => ({ jobId: p.jobId, label: p.storeName })) : null;
  };
  const intro = (
    <>
      Get order API is on for <strong>{team.name}</strong>: orders its shops send from now on are imported. Orders they took while it was off
      can be pulled now from its connected {stores.data.length === 1 ? 'store' : 'stores'}: {stores.data.map((s) => s.name).join(', ')}.
    </>
  );
  return <PullDialog title="Pull orders from the team’s stores" intro={intro} start={start} cancelText="Not now" onClose={onClose} />;
}
