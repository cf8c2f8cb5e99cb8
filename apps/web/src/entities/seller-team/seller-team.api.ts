import { queryOptions } from '@tanstack/react-query';
import { LIMITS } from '@fbo/shared/domain/limits';
import { http, unwrap } from '../../api/http';
import { queryKeys } from '../../api/query-keys';

/** Both figures refresh every 60 s; a failure keeps the last value and shows nothing new. */
const polled = { refetchInterval: LIMITS.pollIntervalMs, retry: false, staleTime: 0 } as const;

export const balanceQuery = () =>
  queryOptions({
    queryKey: queryKeys.balance,
    queryFn: async ({ signal }) => unwrap(await http.get<{ amount: number }>('/balances/seller-teams', { signal })),
    ...polled,
  });

export const profitQuery = () =>
  queryOptions({
    queryKey: queryKeys.profit,
    queryFn: async ({ signal }) => unwrap(await http.get<{ remainProfit: number }>('/profits/available', { signal })),
    ...polled,
  });
