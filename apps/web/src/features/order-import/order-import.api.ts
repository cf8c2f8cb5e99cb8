import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { OrderImportDetail, OrderImportList, OrderImportListQuery, OrderImportPreview, OrderImportQueued } from '@fbo/shared';
import { API_BASE, http, sessionHeaders, unwrap } from '../../api/http';
import { queryKeys } from '../../api/query-keys';

function importForm(file: File, createProduct: boolean, dryRun: boolean): FormData {
  const form = new FormData();
  form.append('createProduct', String(createProduct));
  form.append('dryRun', String(dryRun));
  form.append('file', file);
  return form;
}

export const orderImportApi = {
  preview: (file: File, createProduct: boolean) => http.post<{ data: OrderImportPreview }>('/orders/import/csv', importForm(file, createProduct, true)),
  start: (file: File, createProduct: boolean) => http.post<{ data: OrderImportQueued }>('/orders/import/csv', importForm(file, createProduct, false)),
};

export const importListQuery = (params: OrderImportListQuery) =>
  queryOptions({
    queryKey: queryKeys.orderImports.list(params),
    queryFn: async ({ signal }) => unwrap(await http.get<OrderImportList>('/orders/import', { query: { ...params }, signal, list: true })),
    placeholderData: keepPreviousData,
  });

export const importDetailQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.orderImports.detail(id),
    queryFn: async ({ signal }) => unwrap(await http.get<{ data: OrderImportDetail }>(`/orders/import/${id}/detail`, { signal })).data,
  });

/**
 * 'Download template': the agency's own link is opened as is; the server's generated template
 * (an /api address) needs the bearer token, so it is fetched and saved from memory.
 */
export async function downloadTemplate(link: string): Promise<boolean> {
  if (!link.startsWith(`${API_BASE}/`)) {
    window.open(link, '_blank', 'noopener');
    return true;
  }
  const response = await fetch(link, { headers: sessionHeaders('*/*') });
  if (!response.ok) return false;
  const url = URL.createObjectURL(await response.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = 'order-import-template.xlsx';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return true;
}
