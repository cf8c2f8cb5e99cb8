import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { CatalogListQuery, catalogListResponse } from '@fbo/shared';
import { http, unwrap } from '../../api/http';
import { queryKeys } from '../../api/query-keys';

export type CatalogListAnswer = z.infer<typeof catalogListResponse>;
/** The query as the address carries it (booleans as the strings the server parses). */
export type CatalogListParams = Omit<Partial<CatalogListQuery>, 'dropship' | 'isTrademark' | 'active'> & {
  dropship?: boolean;
  isTrademark?: boolean;
  active?: boolean;
};

export const catalogListQuery = (params: CatalogListParams) =>
  queryOptions({
    queryKey: queryKeys.catalogs.list(params),
    queryFn: async ({ signal }) =>
      unwrap(await http.get<CatalogListAnswer>('/catalogs', { query: { ...params }, signal, list: true })),
    // The previous page stays on screen while the next one loads: no empty flash.
    placeholderData: keepPreviousData,
  });
