import type { CheckedCitation, ScriptureId } from '@sangam/contracts';
import { describe, expect, it } from 'vitest';
import { CHANAKYA_FINDERS } from '@/modules/tools/chanakya/chanakya.tool';
import { CITATION_SAMPLES as SAMPLES } from '@/modules/tools/scripture/citation-samples.data';
import { checkCitations, checkCitationsWith } from '@/modules/tools/scripture/citations';

/**
 * A sample of real and invented references per book family, in the formats answers use. Real ones
 * must be marked valid, invented ones invalid; none may go unrecognised (silently passed). The figures
 * (false accepts / false rejects per family) are reported in the closing note of issue 14.
 */
type Family = ScriptureId | 'chanakya';

const citationsOf = (family: Family, text: string): CheckedCitation[] =>
  family === 'chanakya' ? checkCitationsWith(CHANAKYA_FINDERS, text).citations : checkCitations(family, text).citations;

function tally(family: Family, refs: string[]) {
  const out = { valid: [] as string[], invalid: [] as string[], unchecked: [] as string[], missed: [] as string[] };
  for (const ref of refs) {
    const found = citationsOf(family, `As it is written (${ref}), so we live.`);
    const status = found.length === 1 ? found[0]?.status : undefined;
    if (status === 'valid' || status === 'invalid' || status === 'unchecked') out[status].push(ref);
    else out.missed.push(`${ref} -> ${JSON.stringify(found.map((f) => f.ref))}`);
  }
  return out;
}

describe('citation checks on a sample of real and invented references per book family', () => {
  for (const [family, sample] of Object.entries(SAMPLES) as Array<[keyof typeof SAMPLES, { real: string[]; invented: string[] }]>) {
    it(`${family}: ${sample.real.length} real are valid and ${sample.invented.length} invented are invalid; none unrecognised`, () => {
      expect(sample.real.length).toBeGreaterThanOrEqual(30);
      expect(sample.invented.length).toBeGreaterThanOrEqual(30);
      const real = tally(family, sample.real);
      const invented = tally(family, sample.invented);
      expect({ falseRejects: real.invalid, unchecked: real.unchecked, missed: real.missed }).toEqual({
        falseRejects: [],
        unchecked: [],
        missed: [],
      });
      expect({ falseAccepts: invented.valid, unchecked: invented.unchecked, missed: invented.missed }).toEqual({
        falseAccepts: [],
        unchecked: [],
        missed: [],
      });
    });
  }
});
