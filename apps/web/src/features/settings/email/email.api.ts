import { queryOptions } from '@tanstack/react-query';
import type { DefaultTemplateItem, MailTemplateDetail, MailTemplateItem, MailTemplateUpdateBody } from '@fbo/shared';
import { http, unwrap } from '../../../api/http';

export const emailTemplateKeys = {
  all: ['mail-templates'] as const,
  list: ['mail-templates', 'list'] as const,
  defaults: ['mail-templates', 'defaults'] as const,
  one: (id: string) => ['mail-templates', 'one', id] as const,
};

export const templateListQuery = () =>
  queryOptions({
    queryKey: emailTemplateKeys.list,
    queryFn: async ({ signal }) => unwrap(await http.get<{ data: MailTemplateItem[] }>('/mail-notifications', { signal, list: true })).data,
  });

export const defaultTemplatesQuery = () =>
  queryOptions({
    queryKey: emailTemplateKeys.defaults,
    queryFn: async ({ signal }) =>
      unwrap(await http.get<{ data: DefaultTemplateItem[] }>('/mail-notifications/default-templates', { signal, list: true })).data,
  });

export const templateQuery = (id: string) =>
  queryOptions({
    queryKey: emailTemplateKeys.one(id),
    queryFn: async ({ signal }) => unwrap(await http.get<{ data: MailTemplateDetail }>(`/mail-notifications/${encodeURIComponent(id)}`, { signal })).data,
    // A failed load shows 'Can not find id' at once rather than after retries.
    retry: false,
  });

export const emailTemplateApi = {
  add: (code: string) => http.post<{ message: string; data?: MailTemplateItem }>('/mail-notifications', { code }),
  save: (id: string, body: MailTemplateUpdateBody) => http.patch<{ message: string }>(`/mail-notifications/${encodeURIComponent(id)}`, body),
};
