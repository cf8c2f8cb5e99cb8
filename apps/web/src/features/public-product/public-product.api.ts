import { queryOptions } from '@tanstack/react-query';
import type { PublicProduct } from '@fbo/shared';
import { http, unwrap } from '../../api/http';
import { queryKeys } from '../../api/query-keys';

export const publicProductQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.publicProduct(id),
    queryFn: async ({ signal }) => unwrap(await http.get<{ data: PublicProduct }>(`/public/products/${encodeURIComponent(id)}`, { signal })).data,
    staleTime: 5 * 60_000,
  });
