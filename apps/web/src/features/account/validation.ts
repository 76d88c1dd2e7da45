import { confirmDeleteSchema, deleteAccountSchema, MESSAGES, nameSchema } from '@sangam/contracts';
import { z } from 'zod';

/** The account forms' zod schemas: the contracts' rules with the screens' messages. */
export const profileFormSchema = z.object({ firstName: z.string(), lastName: z.string(), name: nameSchema });
/** The settings deletion: the account email typed again and the word DELETE (the password when asked for). */
export const settingsDeleteFormSchema = z.object({
  email: confirmDeleteSchema.shape.email,
  confirmation: confirmDeleteSchema.shape.confirmation,
  password: z.string(),
});
export const deleteVerifyFormSchema = z.object({ email: z.string().min(1), password: z.string().min(1) });
export const deleteAccountFormSchema = z.object({
  password: deleteAccountSchema.shape.password,
  reason: z.union([z.literal(''), deleteAccountSchema.shape.reason]).refine(Boolean, MESSAGES.reasonRequired),
  feedback: z.string(),
});
