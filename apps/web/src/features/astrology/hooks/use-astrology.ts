import { useLingui } from '@lingui/react/macro';
import type { AstrologyFacts, AstrologyReadingCheck } from '@sangam/contracts';
import { useCallback } from 'react';
import { astrologyRequest, type BirthDetails } from '@/features/astrology/api/astrology-request';
import type { BirthOptionsValue } from '@/features/astrology/components/birth-options';
import { birthFieldMessage } from '@/features/astrology/field-messages';
import { idleRun } from '@/lib/agent/tool-run';
import { useToolRun } from '@/lib/agent/use-tool-run';

/**
 * The reading: the computed chart and the streamed answer. A birth place the server cannot resolve
 * (PLACE_NOT_FOUND) or an invalid birth time (BIRTH_DATA_INVALID) is the user's to fix: it is given
 * back as the field's message, in the interface's language, and the screen stays on the form.
 */
export function useAstrology() {
  const { run, ask, reset } = useToolRun();
  const { i18n } = useLingui();
  const isFormError = run.status === 'failed' && (run.error?.code === 'PLACE_NOT_FOUND' || run.error?.code === 'BIRTH_DATA_INVALID');
  // The server's own English detail (it names the place typed), read through the catalogs.
  const serverDetail = run.error?.body.detail ?? run.error?.detail ?? '';
  const consult = useCallback((form: BirthDetails, options: BirthOptionsValue) => ask(astrologyRequest(form, options)), [ask]);
  return {
    run: isFormError ? idleRun() : run,
    placeError: isFormError && run.error?.code === 'PLACE_NOT_FOUND' ? birthFieldMessage(i18n, serverDetail) : null,
    birthError: isFormError && run.error?.code === 'BIRTH_DATA_INVALID' ? birthFieldMessage(i18n, serverDetail) : null,
    facts: run.status === 'done' ? (run.facts as (AstrologyFacts & AstrologyReadingCheck) | undefined) : undefined,
    consult,
    reset,
  };
}
