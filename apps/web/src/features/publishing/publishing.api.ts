import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { PublishJobAnswer, PublishPricesBody, PublishStore } from '@fbo/shared';
import type { publishProductBody } from '@fbo/shared/schemas/publishing';
import { http, unwrap } from '../../api/http';

/** The body as sent (the server's schema fills the defaults). */
export type PublishInput = z.input<typeof publishProductBody>;

export const publishingKeys = {
  all: ['publishing'] as const,
  stores: ['publishing', 'stores'] as const,
};

/** GET /api/publishing/stores: the team's manual stores and its connected platform stores. */
export const publishStoresQuery = () =>
  queryOptions({
    queryKey: publishingKeys.stores,
    queryFn: async ({ signal }) => unwrap(await http.get<{ data: PublishStore[] }>('/publishing/stores', { signal })).data,
  });

export const publishingApi = {
  /** POST /api/publishing/products: a 400 comes back as an answer (its field errors), the rest throws. */
  publish: (body: PublishInput) => http.post<PublishJobAnswer>('/publishing/products', body),
  /** PUT /api/publishing/products/:id/prices: saved, then pushed by a job. */
  savePrices: (productId: string, body: PublishPricesBody) => http.put<PublishJobAnswer>(`/publishing/products/${productId}/prices`, body),
};
