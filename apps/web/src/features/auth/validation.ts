import { emailSchema, isStrongPassword, loginSchema, MESSAGES, nameSchema, usernameSchema, verifyOtpSchema } from '@sangam/contracts';
import { z } from 'zod';

/**
 * The forms' zod schemas: the contracts' rules (the server stays the guard), with the messages of the
 * screens where the two differ (an empty new password reads the strength rule; an empty username
 * 'Enter valid details').
 */
const email = emailSchema;
const loginPassword = loginSchema.shape.password;
const strongPassword = z.string().refine(isStrongPassword, MESSAGES.passwordStrength);
const otp = verifyOtpSchema.shape.code;
const name = nameSchema;
const username = z.string().min(1, { message: MESSAGES.enterValidDetails, abort: true }).pipe(usernameSchema);

export const loginFormSchema = z.object({ email, password: loginPassword, code: z.string() });
export const signupFormSchema = z.object({ name, username, email, password: strongPassword });
export const verifyFormSchema = z.object({ code: otp });
export const forgotFormSchema = z.object({ email });
export const resetFormSchema = z
  .object({ email, code: z.string().min(1, MESSAGES.resetCodeRequired), password: strongPassword, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, {
    message: MESSAGES.passwordsDoNotMatch,
    path: ['confirmPassword'],
    when: () => true,
  });
const messageOf = (schema: z.ZodType<string, string>, v: string) => schema.safeParse(v).error?.issues[0]?.message ?? null;

/** Single-field checks (the schemas' first message, or null). */
export const validateEmail = (v: string) => messageOf(email, v);
export const validateLoginPassword = (v: string) => messageOf(loginPassword, v);
export const validateStrongPassword = (v: string) => messageOf(strongPassword, v);
export const validateOtp = (v: string) => messageOf(otp, v);

/** Username helper: messages for too short / too long, and 'Username looks good!' when valid. */
export function usernameStatus(v: string): { error: string | null; ok: string | null } {
  if (!v) return { error: null, ok: null };
  const error = messageOf(usernameSchema, v);
  return error ? { error, ok: null } : { error: null, ok: MESSAGES.usernameOk };
}
