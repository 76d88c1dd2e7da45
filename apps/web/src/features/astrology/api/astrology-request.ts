import { TOOL_PREFIXES } from '@sangam/contracts';
import { type BirthOptionsValue, birthOptionsText } from '@/features/astrology/components/birth-options';
import type { ToolRequest } from '@/lib/agent/tool-client';

export type BirthDetails = { fullName: string; dob: string; placeOfBirth: string; timeOfBirth: string; question: string };
export const DEFAULT_QUESTION = 'Please provide my detailed astrological reading based on my birth chart';

/** yyyy-mm-dd -> dd mm yyyy. */
export const ddmmyyyy = (iso: string) => iso.split('-').reverse().join(' ');
/** HH:mm -> hh:mm AM/PM. */
export function twelveHour(hhmm: string) {
  const [h = 0, m = 0] = hhmm.split(':').map(Number);
  return `${String(h % 12 || 12).padStart(2, '0')}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
}

/** 'ASTR: {dd mm yyyy} {place} {hh:mm AM/PM}[ options]' then the question on the next line (docs/spec-rules.md §7). */
export function astrologyRequest(form: BirthDetails, options: BirthOptionsValue): ToolRequest {
  const header = `${TOOL_PREFIXES.astrology} ${ddmmyyyy(form.dob)} ${form.placeOfBirth.trim()} ${twelveHour(form.timeOfBirth)}${birthOptionsText(options)}`;
  return { prompt: `${header}\n${form.question.trim() || DEFAULT_QUESTION}`, requestIdPrefix: 'astrology_' };
}
