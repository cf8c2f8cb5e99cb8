import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { CategoryCreateBody, CategoryListQuery, CategoryUpdateBody, categoryAnswer, categoryListResponse, categoryOptionsResponse } from '@fbo/shared';
import { http, unwrap } from '../../api/http';
import { queryKeys } from '../../api/query-keys';

export type CategoryListAnswer = z.infer<typeof categoryListResponse>;
export type CategoryOptionsAnswer = z.infer<typeof categoryOptionsResponse>;

/** Every category query lives under queryKeys.categories.all: one invalidation refreshes lists and selects. */
export const categoryListQuery = (params: Partial<CategoryListQuery>) =>
  queryOptions({
    queryKey: queryKeys.categories.list(params),
    queryFn: async ({ signal }) => unwrap(await http.get<CategoryListAnswer>('/categories', { query: { ...params }, signal, list: true })),
    placeholderData: keepPreviousData,
  });

/** Every category the user may file a catalog under (master and own), by name. */
export const categoryOptionsQuery = () =>
  queryOptions({
    queryKey: queryKeys.categories.options,
    queryFn: async ({ signal }) => unwrap(await http.get<CategoryOptionsAnswer>('/categories/options', { signal })),
  });

type Answer = z.infer<typeof categoryAnswer>;

export const categoriesApi = {
  create: (body: CategoryCreateBody) => http.post<Answer>('/categories', body),
  update: (id: string, body: CategoryUpdateBody) => http.patch<Answer>(`/categories/${id}`, body),
  remove: (id: string) => http.delete<{ message: string }>(`/categories/${id}`),
};
