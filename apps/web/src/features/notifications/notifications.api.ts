import type { z } from 'zod';
import type { notificationsResponse } from '@fbo/shared';
import { http, unwrap } from '../../api/http';

export type NotificationsPage = z.infer<typeof notificationsResponse>;

export async function fetchNotifications(limit: number, signal?: AbortSignal): Promise<NotificationsPage> {
  return unwrap(await http.get<NotificationsPage>('/push-notifications', { query: { page: 1, limit }, signal }));
}

export async function setViewed(id: string, viewed: boolean): Promise<void> {
  unwrap(await http.patch<unknown>(`/push-notifications/${encodeURIComponent(id)}`, { viewed }));
}
