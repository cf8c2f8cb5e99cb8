import { z } from 'zod';

export const notificationItem = z.object({
  id: z.string(),
  title: z.string(),
  content: z.string(),
  createdAt: z.string(),
  viewed: z.boolean(),
});
export type NotificationItem = z.infer<typeof notificationItem>;

export const notificationsQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(200).default(6),
});
export const notificationsResponse = z.object({
  data: z.array(notificationItem),
  total: z.number().int(),
  unviewCount: z.number().int(),
});
export const notificationPatchBody = z.object({ viewed: z.boolean() });
