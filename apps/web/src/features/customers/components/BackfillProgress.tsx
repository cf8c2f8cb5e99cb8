import { useEffect, useRef } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Progress } from 'antd';
import { CUSTOMER_MSG } from '@fbo/shared';
import { customerBackfillQuery, customerKeys } from '../customers.api';

const n = (v: number) => v.toLocaleString('en-US');

/**
 * While the customers of the orders made before customers existed are still being linked: how far it got, polled every
 * 2 s; when it ends, every customer query (the list, the filters' choices) is read again.
 */
export function BackfillProgress() {
  const queryClient = useQueryClient();
  const backfill = useQuery(customerBackfillQuery());
  const status = backfill.data?.status;
  const sawRunning = useRef(false);

  useEffect(() => {
    if (status === 'running') sawRunning.current = true;
    else if (status === 'done' && sawRunning.current) {
      sawRunning.current = false;
      void queryClient.invalidateQueries({ queryKey: customerKeys.all });
    }
  }, [status, queryClient]);

  if (backfill.data?.status !== 'running') return null;
  const { processed, total } = backfill.data;
  const percent = total > 0 ? Math.min(100, Math.floor((processed / total) * 100)) : 0;
  return (
    <Alert
      type="info"
      showIcon
      style={{ marginBottom: 16 }}
      title={CUSTOMER_MSG.backfilling}
      description={
        <>
          <Progress percent={percent} status="active" aria-label="Orders linked to their customers" />
          {total > 0 ? `${n(processed)} of ${n(total)} orders linked` : 'Starting'}: the list shows every customer once it is done.
        </>
      }
    />
  );
}
