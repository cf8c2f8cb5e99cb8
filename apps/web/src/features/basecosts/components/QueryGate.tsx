import type { ReactNode } from 'react';
import { Alert, Skeleton } from 'antd';
import { MSG } from '@fbo/shared/domain/messages';
import { failureMessage } from '../../../api/http';

/** A skeleton while loading; the server's message ('Not found', 'Catalog not found'...) if it failed. */
export function QueryGate<T>({ query, children }: { query: { data?: T; isError: boolean; error: unknown }; children: (data: T) => ReactNode }) {
  if (query.isError) return <Alert type="error" showIcon title={failureMessage(query.error) ?? MSG.serverError} />;
  if (query.data === undefined) return <Skeleton active />;
  return <>{children(query.data)}</>;
}
