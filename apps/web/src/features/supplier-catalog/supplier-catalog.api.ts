import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  CatalogVariantsAnswer,
  CatalogVariantsBody,
  PriceExportQuery,
  PriceLogHistoriesAnswer,
  PriceLogHistoriesQuery,
  catalogVariantsAnswer,
  fileUrlResponse,
  priceImportAnswer,
} from '@fbo/shared';
import { http, postFile, unwrap } from '../../api/http';
import { queryKeys } from '../../api/query-keys';

export type SaveVariantsAnswer = z.infer<typeof catalogVariantsAnswer>;
export type FileUrlAnswer = z.infer<typeof fileUrlResponse>;
export type ImportAnswer = z.infer<typeof priceImportAnswer>;
export type ExportParams = Omit<PriceExportQuery, 'dropship' | 'isTrademark'> & { dropship?: boolean; isTrademark?: boolean };

export const catalogVariantsQuery = (catalogId: string) =>
  queryOptions({
    queryKey: queryKeys.supplierPrices.variants(catalogId),
    queryFn: async ({ signal }) => unwrap(await http.get<CatalogVariantsAnswer>(`/catalogs/${catalogId}/variants`, { signal })),
    // The dialog edits a copy: a background refetch must never overwrite what is being typed.
    staleTime: Infinity,
    gcTime: 0,
  });

export const priceLogsQuery = (params: Partial<PriceLogHistoriesQuery>) =>
  queryOptions({
    queryKey: queryKeys.supplierPrices.logs(params),
    queryFn: async ({ signal }) =>
      unwrap(await http.get<PriceLogHistoriesAnswer>('/products/supplier-log/histories', { query: { ...params }, signal })),
    placeholderData: keepPreviousData,
    // Spec: logs are fetched only when a catalog is chosen.
    enabled: Boolean(params.catalog),
  });

export const supplierPricesApi = {
  saveVariants: (catalogId: string, body: CatalogVariantsBody) => http.patch<SaveVariantsAnswer>(`/catalogs/${catalogId}/variants`, body),
  /** H1's bulk status change (administrator): Mark as Updating / Mark as Updated. */
  setStatus: (ids: string[], status: number) => http.patch<{ message?: string }>('/catalogs/status', { ids, status }),
  exportPrices: (params: ExportParams) => http.get<FileUrlAnswer>('/catalogs/export/catalog-price', { query: { ...params } }),
  importPrices: (file: File, importType: string) => {
    const form = new FormData();
    form.append('importType', importType);
    form.append('file', file);
    return postFile<ImportAnswer>('/catalogs/import/catalog-price', form);
  },
};
