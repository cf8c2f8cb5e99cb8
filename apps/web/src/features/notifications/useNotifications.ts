import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LIMITS } from '@fbo/shared/domain/limits';
import { queryKeys } from '../../api/query-keys';
import { useSessionState } from '../../hooks/useSessionState';
import { fetchNotifications, setViewed } from './notifications.api';

/**
 * The bell's list: first 6, 'Load more' adds 3. The limit is app state, so it survives a reload
 * of the tab. Failures are ignored: the bell simply shows nothing new (spec part 1 section 8).
 */
export function useNotifications() {
  const queryClient = useQueryClient();
  const [limit, setLimit] = useSessionState<number>('notificationsLimit', LIMITS.notificationsPageSize);
  const list = useQuery({
    queryKey: queryKeys.notifications.list(limit),
    queryFn: ({ signal }) => fetchNotifications(limit, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });
  const mark = useMutation({
    mutationFn: ({ id, viewed }: { id: string; viewed: boolean }) => setViewed(id, viewed),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.notifications.all }),
  });
  const data = list.data;
  return {
    items: data?.data ?? [],
    total: data?.total ?? 0,
    unviewCount: data?.unviewCount ?? 0,
    loading: list.isFetching,
    hasMore: data ? data.data.length < data.total : false,
    loadMore: () => setLimit(limit + LIMITS.notificationsLoadMoreStep),
    refetch: () => void list.refetch(),
    setViewed: (id: string, viewed: boolean) => mark.mutate({ id, viewed }),
  };
}
