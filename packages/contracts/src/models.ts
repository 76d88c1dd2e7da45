import { z } from 'zod';

/** What GET /ai/v1/models lists: enabled models, never secrets. */
export const publicModelSchema = z.object({
  id: z.string(),
  name: z.string(),
  provider: z.string(),
  roles: z.array(z.enum(['proposer', 'aggregator', 'refiner'])),
  vision: z.boolean(),
});
export type PublicModel = z.infer<typeof publicModelSchema>;
