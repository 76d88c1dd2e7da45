import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';
import { useController } from 'react-hook-form';
import { ToolShell } from '@/components/layout/tool-shell';
import { ToolAnswer } from '@/components/tool/tool-answer';
import { FormTextField } from '@/components/ui/form/fields';
import { useZodForm } from '@/components/ui/form/use-zod-form';
import { TOOL_TYPING } from '@/config/timings';
import { BirthOptions, DEFAULT_BIRTH_OPTIONS } from '@/features/astrology/components/birth-options';
import { ChartFacts } from '@/features/astrology/components/chart-facts';
import { ReadingFacts } from '@/features/astrology/components/reading-facts';
import { useAstrology } from '@/features/astrology/hooks/use-astrology';
import { useBirthHints } from '@/features/astrology/hooks/use-birth-hints';
import { type BirthForm, birthFormSchema } from '@/features/astrology/validation';
import { isBusy } from '@/lib/agent/tool-run';

const EMPTY: BirthForm = { fullName: '', dob: '', placeOfBirth: '', timeOfBirth: '', question: '', options: DEFAULT_BIRTH_OPTIONS };

/** The birth form, then the computed chart with a reading that streams in; Consult the Stars Again clears the form. */
export function AstrologyTool() {
  const { t } = useLingui();
  const { control, handleSubmit, reset: resetForm, watch } = useZodForm(birthFormSchema, { defaultValues: EMPTY });
  const options = useController({ control, name: 'options' });
  const { run, facts, placeError, birthError, consult, reset } = useAstrology();
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (placeError || birthError) formRef.current?.querySelector<HTMLInputElement>('input[aria-invalid="true"]')?.focus();
  }, [placeError, birthError]);
  // Editing the field the server refused clears its message.
  useEffect(() => {
    const sub = watch((_, { name }) => {
      if ((name === 'placeOfBirth' && placeError) || ((name === 'dob' || name === 'timeOfBirth') && birthError)) reset();
    });
    return () => sub.unsubscribe();
  }, [watch, placeError, birthError, reset]);
  const form = watch();
  const hints = useBirthHints(form.dob, form.timeOfBirth);
  const isFilled = birthFormSchema.safeParse(form).success;

  const submit = handleSubmit(({ options, ...details }) => {
    if (isBusy(run)) return;
    void consult(details, options);
  });

  return (
    <ToolShell
      title={t`Vedic Astrology`}
      subtitle={t`Your sidereal birth chart, computed from your birth data, with a reading that stays true to it.`}
    >
      <div className="mx-auto max-w-5xl">
        {run.status === 'idle' ? (
          <form
            ref={formRef}
            onSubmit={submit}
            noValidate
            className="card mx-auto grid max-w-2xl gap-x-4 sm:grid-cols-2"
            aria-label={t`Birth details`}
          >
            <FormTextField control={control} name="fullName" label={t`Full name`} error={null} autoComplete="name" />
            <FormTextField control={control} name="placeOfBirth" label={t`Place of birth`} placeholder={t`e.g. Pune`} error={placeError} />
            <FormTextField control={control} name="dob" label={t`Date of birth`} type="date" error={birthError} hint={hints.date} />
            <FormTextField control={control} name="timeOfBirth" label={t`Time of birth`} type="time" error={null} hint={hints.time} />
            <BirthOptions value={options.field.value} onChange={options.field.onChange} />
            <div className="sm:col-span-2">
              <FormTextField
                control={control}
                name="question"
                label={t`Your question (optional)`}
                error={null}
                placeholder={t`What would you like to know?`}
              />
              <button type="submit" disabled={!isFilled} className="btn-primary w-full justify-center py-3">
                <Trans>Consult the Stars</Trans>
              </button>
              <p className="mt-3 text-xs text-slate-400">
                <Trans>
                  Astrology is a cultural tradition offered for reflection. Sangam aims for accuracy but isn’t perfect, so double-check
                  important information.
                </Trans>
              </p>
            </div>
          </form>
        ) : (
          <ToolAnswer
            run={run}
            pace={TOOL_TYPING.astrology}
            loadingLabel={t`Consulting the stars`}
            emptyText={t`The stars are not aligned for reading at this moment. Please try again.`}
            failureTitle={t`The cosmic energies are temporarily unavailable.`}
            reset={
              <button
                type="button"
                className="btn-primary"
                onClick={() => {
                  reset();
                  resetForm(EMPTY);
                }}
              >
                <Trans>Consult the Stars Again</Trans>
              </button>
            }
          >
            {facts && <ReadingFacts check={facts} />}
            {facts && <ChartFacts facts={facts} />}
          </ToolAnswer>
        )}
      </div>
    </ToolShell>
  );
}
