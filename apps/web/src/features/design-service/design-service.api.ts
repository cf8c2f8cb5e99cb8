import { queryOptions } from '@tanstack/react-query';
import type { ChangeDesignStatusBody, DesignInfo, UpdateItemDesignBody } from '@fbo/shared/schemas/design-service';
import type { OrderCommandResponse } from '@fbo/shared/schemas/order-commands';
import type { designerListResponse } from '@fbo/shared/schemas/users-admin';
import type { z } from 'zod';
import { http, unwrap } from '../../api/http';

type DesignAnswer = { message: string; data: DesignInfo };

/** The design service calls (docs/orders.md, "Design service"). */
export const designApi = {
  hire: (ids: string[], note?: string) => http.post<OrderCommandResponse>('/orders/hire-designs', { ids, ...(note ? { note } : {}) }),
  change: (id: string, body: ChangeDesignStatusBody) => http.patch<DesignAnswer>(`/orders/change-design-status/${id}`, body),
  syncDefaultCost: (id: string) => http.patch<DesignAnswer>(`/orders/sync-default-design-cost/${id}`),
  uploadDesign: (body: UpdateItemDesignBody) => http.put<DesignAnswer>('/orders/update-item-design', body),
};

export const designersQuery = () =>
  queryOptions({
    queryKey: ['users', 'designers'] as const,
    queryFn: async ({ signal }) => unwrap(await http.get<z.infer<typeof designerListResponse>>('/users/designers', { signal })).data,
    staleTime: 60_000,
  });
