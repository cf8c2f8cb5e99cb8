import { z } from 'zod';

export const publicProduct = z.object({
  id: z.string(),
  title: z.string(),
  /** Sanitised HTML. */
  description: z.string(),
  otherMockup: z.array(z.string()),
  options: z.array(z.object({ name: z.string(), values: z.array(z.string()) })),
  variants: z.array(
    z.object({
      option1: z.string().nullable(),
      option2: z.string().nullable(),
      option3: z.string().nullable(),
      price: z.number(),
      /** The team's base-cost first-item US standard shipping of the mapped catalog variant; null: not mapped or not priced. */
      shipUsFirst: z.number().nullable(),
    }),
  ),
});
export type PublicProduct = z.infer<typeof publicProduct>;
export const publicProductResponse = z.object({ data: publicProduct });
