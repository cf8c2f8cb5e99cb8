import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { LibraryImage, LibraryResponse } from '@fbo/shared';
import { http, unwrap } from '../../api/http';

export interface LibraryParams {
  page: number;
  limit: number;
  search?: string;
}

export const imageLibraryKeys = {
  all: ['image-library'] as const,
  list: (params: LibraryParams) => ['image-library', 'list', params] as const,
};

export const imageLibraryQuery = (params: LibraryParams) =>
  queryOptions({
    queryKey: imageLibraryKeys.list(params),
    queryFn: async ({ signal }) =>
      unwrap(await http.get<LibraryResponse>('/images', { query: { ...params }, signal, list: true })),
    placeholderData: keepPreviousData,
  });

export async function addToLibrary(fileId: string): Promise<LibraryImage> {
  return unwrap(await http.post<LibraryImage>('/images/library', { fileId }));
}

export async function deleteImage(id: string): Promise<string> {
  return unwrap(await http.delete<{ message: string }>(`/images/${id}`)).message;
}
