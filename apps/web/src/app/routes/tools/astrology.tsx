import { type AstrologyFacts, ERRORS } from '@sangam/contracts';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { ToolShell } from '@/components/layout/tool-shell';
import { ToolAnswer } from '@/components/tool/tool-answer';
import { BirthOptions, birthOptionsText, DEFAULT_BIRTH_OPTIONS } from '@/features/astrology/birth-options';
import { ChartFacts } from '@/features/astrology/chart-facts';
import { TextField } from '@/features/auth/components/fields';
import { callTool, ToolHttpError } from '@/lib/tool-request';

const EMPTY = { fullName: '', dob: '', placeOfBirth: '', timeOfBirth: '', question: '' };
const DEFAULT_QUESTION = 'Please provide my detailed astrological reading based on my birth chart';

/** yyyy-mm-dd -> dd mm yyyy. */
const ddmmyyyy = (iso: string) => iso.split('-').reverse().join(' ');
/** HH:mm -> hh:mm AM/PM. */
function twelveHour(hhmm: string) {
  const [h = 0, m = 0] = hhmm.split(':').map(Number);
  return `${String(h % 12 || 12).padStart(2, '0')}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
}

export function AstrologyRoute() {
  const [form, setForm] = useState(EMPTY);
  const [options, setOptions] = useState(DEFAULT_BIRTH_OPTIONS);
  const [isLoading, setIsLoading] = useState(false);
  const [answer, setAnswer] = useState<{ text: string; facts?: AstrologyFacts } | null>(null);
  // A birth place the server cannot resolve is the user's to fix: the form stays, the field says why.
  const [placeError, setPlaceError] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (placeError) formRef.current?.querySelector<HTMLInputElement>('input[aria-invalid="true"]')?.focus();
  }, [placeError]);
  const set = (k: keyof typeof EMPTY) => (v: string) => {
    if (k === 'placeOfBirth') setPlaceError(null);
    setForm((f) => ({ ...f, [k]: v }));
  };
  const isFilled = [form.fullName, form.dob, form.placeOfBirth, form.timeOfBirth].every((v) => v.trim());

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!isFilled || isLoading) return;
    setIsLoading(true);
    setPlaceError(null);
    const prompt = `ASTR: ${ddmmyyyy(form.dob)} ${form.placeOfBirth.trim()} ${twelveHour(form.timeOfBirth)}${birthOptionsText(options)}\n${form.question.trim() || DEFAULT_QUESTION}`;
    try {
      const res = await callTool({ prompt, requestIdPrefix: 'astrology_' });
      setAnswer({
        text: res.text ?? 'The stars are not aligned for reading at this moment. Please try again.',
        facts: res.facts as AstrologyFacts | undefined,
      });
    } catch (err) {
      if (err instanceof ToolHttpError && err.code === 'PLACE_NOT_FOUND') {
        setPlaceError(err.detail ?? ERRORS.PLACE_NOT_FOUND.detail);
        setIsLoading(false);
        return;
      }
      const message = err instanceof ToolHttpError ? err.message : err instanceof Error ? err.message : 'Unknown error';
      setAnswer({ text: `The cosmic energies are temporarily unavailable. Error: ${message}. Please try again later.` });
    }
    setIsLoading(false);
  };

  return (
    <ToolShell
      title="Vedic Astrology"
      subtitle="Your sidereal birth chart, computed from your birth data, with a reading that stays true to it."
    >
      <div className="mx-auto max-w-5xl">
        {!answer && !isLoading ? (
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
            isLoading={isLoading}
            loadingLabel="Consulting the stars"
            text={answer?.text ?? ''}
            reset={
              <button
                type="button"
                className="btn-primary"
                onClick={() => {
                  setAnswer(null);
                  setForm(EMPTY);
                  setOptions(DEFAULT_BIRTH_OPTIONS);
                }}
              >
                Consult the Stars Again
              </button>
            }
          >
            {answer?.facts && <ChartFacts facts={answer.facts} />}
          </ToolAnswer>
        )}
      </div>
    </ToolShell>
  );
}
