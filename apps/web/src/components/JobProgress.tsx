import { useEffect, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Progress, Space, Typography } from 'antd';
import type { JobAnswer } from '@fbo/shared';
import { http, unwrap } from '../api/http';
import { queryKeys } from '../api/query-keys';

const RUNNING: readonly string[] = ['queued', 'running'];

/** How an ended job went: done without a result saying `ok: false`, and the words it (or its error) gave. */
export function jobOutcome(job: JobAnswer): { ok: boolean; text: string | null } {
  const ok = job.status === 'done' && job.result?.ok !== false;
  const text = (typeof job.result?.message === 'string' && job.result.message) || job.error || null;
  return { ok, text };
}

/**
 * A background job's progress (imports, exports): polls GET /api/jobs/:id every second while
 * it is queued or running, and shows processed/total, the failed count, the result's message
 * and a 'Download report' link when the job made one. `onFinished` runs once when it ends.
 */
export function JobProgress({ jobId, onFinished }: { jobId: string; onFinished?: (job: JobAnswer) => void }) {
  const query = useQuery({
    queryKey: queryKeys.job(jobId),
    queryFn: async ({ signal }) => unwrap(await http.get<{ data: JobAnswer }>(`/jobs/${jobId}`, { signal })).data,
    refetchInterval: (q) => (!q.state.data || RUNNING.includes(q.state.data.status) ? 1000 : false),
  });
  const job = query.data;
  const finished = useRef(false);
  const onFinishedRef = useRef(onFinished);
  useEffect(() => {
    onFinishedRef.current = onFinished;
  });
  useEffect(() => {
    if (job && !RUNNING.includes(job.status) && !finished.current) {
      finished.current = true;
      onFinishedRef.current?.(job);
    }
  }, [job]);

  if (query.isError) return <Alert type="error" showIcon title="Could not read the job's progress" />;
  if (!job) return <Progress percent={0} status="active" aria-label="Job progress" />;
  const percent = job.total > 0 ? Math.floor((job.processed / job.total) * 100) : job.status === 'done' ? 100 : 0;
  const message = typeof job.result?.message === 'string' ? job.result.message : null;
  const status = job.status === 'failed' || job.result?.ok === false ? 'exception' : job.status === 'done' ? 'success' : 'active';
  return (
    <Space orientation="vertical" style={{ width: '100%' }} aria-live="polite">
      <Progress percent={percent} status={status} aria-label="Job progress" />
      <Typography.Text>
        {job.status === 'queued' ? 'Waiting to start… ' : null}
        {/* A job that cannot know its size up front (a pull reads the shop page by page) counts without a total. */}
        Processed {job.processed.toLocaleString('en-US')}
        {job.total > 0 || job.processed === 0 ? ` / ${job.total.toLocaleString('en-US')}` : null}
        {' · '}Failed {job.failed.toLocaleString('en-US')}
      </Typography.Text>
      {message ? <Typography.Text type={status === 'exception' ? 'danger' : undefined}>{message}</Typography.Text> : null}
      {job.status === 'failed' && job.error ? <Typography.Text type="danger">{job.error}</Typography.Text> : null}
      {job.reportUrl ? (
        <a href={job.reportUrl} download>
          Download report
        </a>
      ) : null}
    </Space>
  );
}

/**
 * The buttons of a dialog that starts a job: before it starts, Cancel and the dialog's action; once it runs, Close
 * (primary when the job has ended).
 */
export function jobDialogFooter(state: { jobId: string | null; finished: boolean; busy: boolean }, onClose: () => void, action: { label: string; onClick: () => void; cancelLabel?: string }) {
  if (state.jobId) {
    return [
      <Button key="close" type={state.finished ? 'primary' : 'default'} onClick={onClose}>
        Close
      </Button>,
    ];
  }
  return [
    <Button key="cancel" onClick={onClose}>
      {action.cancelLabel ?? 'Cancel'}
    </Button>,
    <Button key="action" type="primary" loading={state.busy} onClick={action.onClick}>
      {action.label}
    </Button>,
  ];
}
