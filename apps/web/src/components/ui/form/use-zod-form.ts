import { zodResolver } from '@hookform/resolvers/zod';
import { type FieldValues, type UseFormProps, type UseFormReturn, useForm } from 'react-hook-form';
import type { z } from 'zod';

/**
 * useForm with a zod schema (the contracts' rules, with the web's messages). The handlers get the
 * values as typed (raw): each screen trims and lowercases what it sends, as before. Focus stays where
 * it is on a refused submit (the screens never moved it to the first invalid field).
 */
export function useZodForm<T extends FieldValues>(
  schema: z.ZodType<T, T>,
  options: Omit<UseFormProps<T>, 'resolver'> = {},
): UseFormReturn<T> {
  return useForm<T>({ shouldFocusError: false, ...options, resolver: zodResolver(schema, undefined, { raw: true }) });
}
