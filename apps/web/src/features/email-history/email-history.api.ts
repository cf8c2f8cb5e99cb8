import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { EmailHistoryItem, EmailHistoryQuery, EmailMessageDetail } from '@fbo/shared';
import { http, unwrap } from '../../api/http';
import type { ListAnswer } from '../../components/ListTable';

export const emailHistoryKeys = {
  all: ['email-history'] as const,
  list: (query: object) => ['email-history', 'list', query] as const,
  one: (id: string) => ['email-history', 'one', id] as const,
};

export const emailHistoryQuery = (params: Partial<EmailHistoryQuery>) =>
  queryOptions({
    queryKey: emailHistoryKeys.list(params),
    queryFn: async ({ signal }) => unwrap(await http.get<ListAnswer<EmailHistoryItem>>('/email-history', { query: { ...params }, signal, list: true })),
    placeholderData: keepPreviousData,
  });

export const emailMessageQuery = (id: string) =>
  queryOptions({
    queryKey: emailHistoryKeys.one(id),
    queryFn: async ({ signal }) => unwrap(await http.get<{ data: EmailMessageDetail }>(`/email-history/${encodeURIComponent(id)}`, { signal })).data,
  });

export const emailHistoryApi = {
  retry: (id: string) => http.post<{ message: string; data: EmailHistoryItem }>(`/email-history/${encodeURIComponent(id)}/retry`),
};
