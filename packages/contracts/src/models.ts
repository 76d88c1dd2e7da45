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

/** The embedded local model: downloading or loading (with progress), ready, or unavailable (how to get a model). */
export const localModelStatusSchema = z.object({
  state: z.enum(['loading', 'downloading', 'ready', 'unavailable', 'off']),
  detail: z.string(),
  progress: z.number().min(0).max(100).optional(),
  receivedBytes: z.number().optional(),
  totalBytes: z.number().optional(),
  sequences: z.object({ size: z.number(), busy: z.number(), waiting: z.number() }).optional(),
});
export type LocalModelStatusInfo = z.infer<typeof localModelStatusSchema>;

/** GET /api/v1/model-status (public): can a model answer now, and the local model's state when it is used. */
export const modelStatusSchema = z.object({ available: z.boolean(), local: localModelStatusSchema.nullable() });
export type ModelStatus = z.infer<typeof modelStatusSchema>;
