import { z } from 'zod';
import { LIMITS } from '../domain/limits';

export const idParam = z.object({ id: z.uuid() });

/** Lists: page from 1, limit from the offered sizes (any 1-200 accepted), search trimmed. */
export const listQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(200).default(10),
  search: z.string().trim().max(200).optional(),
});
export type ListQuery = z.infer<typeof listQuery>;

export const listResponse = <T extends z.ZodType>(item: T) =>
  z.object({
    data: z.array(item),
    total: z.number().int(),
    /** true when total stopped at the count cap: show "10,000+". */
    totalCapped: z.boolean().optional(),
    page: z.number().int(),
    limit: z.number().int(),
  });

export const messageResponse = z.object({ message: z.string() });

export const errorResponse = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
});

export const emailField = z.string().trim().toLowerCase().max(LIMITS.email.max).pipe(z.email());

export const dateTime = z.string();
