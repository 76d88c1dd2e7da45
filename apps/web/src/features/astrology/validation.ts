import { z } from 'zod';
import { AYANAMSA_CHOICES } from '@/features/astrology/components/birth-options';

const filled = z.string().refine((v) => v.trim() !== '');

/** The birth form: name, date, place and time are needed (the button stays disabled until they are); the question is optional. */
export const birthFormSchema = z.object({
  fullName: filled,
  dob: filled,
  placeOfBirth: filled,
  timeOfBirth: filled,
  question: z.string(),
  options: z.object({ ayanamsa: z.enum(AYANAMSA_CHOICES), offset: z.string() }),
});
export type BirthForm = z.infer<typeof birthFormSchema>;
