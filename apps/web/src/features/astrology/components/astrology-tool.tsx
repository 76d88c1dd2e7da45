import { type FormEvent, useEffect, useRef, useState } from 'react';
import { ToolShell } from '@/components/layout/tool-shell';
import { ToolAnswer } from '@/components/tool/tool-answer';
import { TextField } from '@/components/ui/form/fields';
import { TOOL_TYPING } from '@/config/timings';
import { type BirthDetails, ddmmyyyy, twelveHour } from '@/features/astrology/api/astrology-request';
import { BirthOptions, DEFAULT_BIRTH_OPTIONS } from '@/features/astrology/components/birth-options';
import { ChartFacts } from '@/features/astrology/components/chart-facts';
import { ReadingFacts } from '@/features/astrology/components/reading-facts';
import { useAstrology } from '@/features/astrology/hooks/use-astrology';
import { isBusy } from '@/lib/agent/tool-run';

const EMPTY: BirthDetails = { fullName: '', dob: '', placeOfBirth: '', timeOfBirth: '', question: '' };

/** The birth form, then the computed chart with a reading that streams in; Consult the Stars Again clears the form. */
export function AstrologyTool() {
  const [form, setForm] = useState(EMPTY);
  const [options, setOptions] = useState(DEFAULT_BIRTH_OPTIONS);
  const { run, facts, placeError, birthError, consult, reset } = useAstrology();
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (placeError || birthError) formRef.current?.querySelector<HTMLInputElement>('input[aria-invalid="true"]')?.focus();
  }, [placeError, birthError]);
  const set = (k: keyof BirthDetails) => (v: string) => {
    // Editing the field the server refused clears its message.
    if ((k === 'placeOfBirth' && placeError) || ((k === 'dob' || k === 'timeOfBirth') && birthError)) reset();
    setForm((f) => ({ ...f, [k]: v }));
  };
  const isFilled = [form.fullName, form.dob, form.placeOfBirth, form.timeOfBirth].every((v) => v.trim());

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!isFilled || isBusy(run)) return;
    void consult(form, options);
  };

  return (
    <ToolShell
      title="Vedic Astrology"
      subtitle="Your sidereal birth chart, computed from your birth data, with a reading that stays true to it."
    >
      <div className="mx-auto max-w-5xl">
        {run.status === 'idle' ? (
          <form
            ref={formRef}
            onSubmit={submit}
            noValidate
            className="card mx-auto grid max-w-2xl gap-x-4 sm:grid-cols-2"
            aria-label="Birth details"
          >
            <TextField label="Full name" value={form.fullName} onChange={set('fullName')} autoComplete="name" />
            <TextField
              label="Place of birth"
              value={form.placeOfBirth}
              onChange={set('placeOfBirth')}
              placeholder="e.g. Pune"
              error={placeError}
            />
            <TextField
              label="Date of birth"
              type="date"
              value={form.dob}
              onChange={set('dob')}
              error={birthError}
              hint={form.dob ? `dd mm yyyy: ${ddmmyyyy(form.dob)}` : 'dd mm yyyy'}
            />
            <TextField
              label="Time of birth"
              type="time"
              value={form.timeOfBirth}
              onChange={set('timeOfBirth')}
              hint={form.timeOfBirth ? twelveHour(form.timeOfBirth) : '12-hour, AM or PM'}
            />
            <BirthOptions value={options} onChange={setOptions} />
            <div className="sm:col-span-2">
              <TextField
                label="Your question (optional)"
                value={form.question}
                onChange={set('question')}
                placeholder="What would you like to know?"
              />
              <button type="submit" disabled={!isFilled} className="btn-primary w-full justify-center py-3">
                Consult the Stars
              </button>
              <p className="mt-3 text-xs text-slate-400">
                Astrology is a cultural tradition offered for reflection. Sangam aims for accuracy but isn’t perfect, so double-check
                important information.
              </p>
            </div>
          </form>
        ) : (
          <ToolAnswer
            run={run}
            pace={TOOL_TYPING.astrology}
            loadingLabel="Consulting the stars"
            emptyText="The stars are not aligned for reading at this moment. Please try again."
            failureTitle="The cosmic energies are temporarily unavailable."
            reset={
              <button
                type="button"
                className="btn-primary"
                onClick={() => {
                  reset();
                  setForm(EMPTY);
                  setOptions(DEFAULT_BIRTH_OPTIONS);
                }}
              >
                Consult the Stars Again
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
