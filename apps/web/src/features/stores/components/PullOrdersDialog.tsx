import { useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { App, DatePicker, Form, Modal, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { JobAnswer, StoreItem } from '@fbo/shared';
import { STORE_ORDER_MSG } from '@fbo/shared/domain/stores';
import { queryKeys } from '../../../api/query-keys';
import { JobProgress, jobDialogFooter, jobOutcome } from '../../../components/JobProgress';
import { storeKeys, storesApi } from '../stores.api';
import { inPullWindow, pullSinceWindowAt } from './pullSince';
import { useStoreWrite } from './useStoreWrite';

interface Values {
  since: Dayjs | null;
}

const DAY = 'YYYY-MM-DD';

/**
 * "Pull orders since": the store's orders updated since the chosen day are read again (created, linked
 * or updated as a delivery would). The server's answer (or refusal) is the toast; the job's progress
 * follows here, and its result ("12 orders read: 3 created, ...") is the last word.
 */
export function PullOrdersDialog({ store, onClose }: { store: Pick<StoreItem, 'id' | 'name'>; onClose: () => void }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const { run, busy } = useStoreWrite();
  const [jobId, setJobId] = useState<string | null>(null);
  const [finished, setFinished] = useState(false);
  const days = useMemo(() => pullSinceWindowAt(new Date()), []);

  async function pull({ since }: Values) {
    if (!since) return;
    const answer = await run(() => storesApi.pullOrders(store.id, { since: since.format(DAY) }), undefined, form);
    if (answer) setJobId(answer.jobId);
  }

  function finish(job: JobAnswer) {
    setFinished(true);
    const { ok, text } = jobOutcome(job);
    if (ok) void message.success(text || 'Orders pulled');
    else void message.error(text || 'The orders could not be pulled');
    void queryClient.invalidateQueries({ queryKey: storeKeys.all });
    void queryClient.invalidateQueries({ queryKey: queryKeys.orders.all });
  }

  const footer = jobDialogFooter({ jobId, finished, busy }, onClose, { label: 'Pull orders', onClick: () => form.submit() });

  return (
    <Modal open title="Pull orders" onCancel={onClose} footer={footer} maskClosable={!jobId || finished}>
      {jobId ? (
        <JobProgress jobId={jobId} onFinished={finish} />
      ) : (
        <Form form={form} name="pull-orders" layout="vertical" initialValues={{ since: dayjs(days.initial) }} onFinish={(values) => void pull(values)}>
          <Typography.Paragraph>
            The orders of <strong>{store.name}</strong> updated in the store since this day are read again: new ones are created, changed ones updated.
          </Typography.Paragraph>
          <Form.Item label="Orders updated since" name="since" rules={[{ required: true, message: STORE_ORDER_MSG.pullSince }]}>
            <DatePicker format={DAY} allowClear={false} disabledDate={(day) => !inPullWindow(days, day.format(DAY))} />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
