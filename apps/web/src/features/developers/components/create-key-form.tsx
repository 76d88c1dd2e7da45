import { Trans, useLingui } from '@lingui/react/macro';
import { type CreateApiKey, createApiKeySchema } from '@sangam/contracts';
import { type FormEvent, useId, useState } from 'react';
import { formMessage } from '@/lib/i18n/form-messages';

/** Model ids are code, the same in every language. */
const MODEL_IDS_EXAMPLE = 'sangam/fusion, sangam/universe';

const inputClass =
  'w-full rounded-lg border border-white/10 bg-black/30 px-3 py-2 text-slate-100 focus:border-neon-cyan focus:outline-none focus:ring-1 focus:ring-neon-cyan';

function Field({ label, hint, ...rest }: { label: string; hint?: string } & React.InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium break-words text-slate-200">
        {label}
      </label>
      <input id={id} className={inputClass} aria-describedby={hint ? `${id}-hint` : undefined} {...rest} />
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-400">
          {hint}
        </p>
      )}
    </div>
  );
}

/** The new key's settings: a name, an optional monthly rupee budget, requests per minute, allowed models and expiry. */
export function CreateKeyForm({ isSaving, onCreate }: { isSaving: boolean; onCreate: (input: CreateApiKey) => void }) {
  const [form, setForm] = useState({ name: '', budget: '', rpm: '60', models: '', expires: '' });
  const [error, setError] = useState<string | null>(null);
  const { i18n, t } = useLingui();
  const set = (k: keyof typeof form) => (e: React.ChangeEvent<HTMLInputElement>) => setForm((f) => ({ ...f, [k]: e.target.value }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = createApiKeySchema.safeParse({
      name: form.name,
      monthlyBudgetInr: form.budget.trim() ? Number(form.budget) : null,
      requestsPerMinute: Number(form.rpm || 60),
      allowedModels: form.models.trim() ? form.models.split(/[\s,]+/).filter(Boolean) : null,
      expiresAt: form.expires ? new Date(`${form.expires}T23:59:59Z`).toISOString() : null,
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0]?.message;
      setError(issue ? formMessage(i18n, issue) : t`Check the fields.`);
      return;
    }
    setError(null);
    onCreate(parsed.data);
  };
  return (
    <form onSubmit={submit} noValidate aria-label={t`Create a key`} className="grid gap-4 sm:grid-cols-2">
      <Field label={t`Name`} value={form.name} onChange={set('name')} maxLength={60} required />
      <Field
        label={t`Monthly budget (₹, optional)`}
        inputMode="decimal"
        value={form.budget}
        onChange={set('budget')}
        hint={t`Empty: only your plan limits it.`}
      />
      <Field label={t`Requests per minute`} inputMode="numeric" value={form.rpm} onChange={set('rpm')} />
      <Field label={t`Expires on (optional)`} type="date" value={form.expires} onChange={set('expires')} />
      <div className="sm:col-span-2">
        <Field
          label={t`Allowed models (optional)`}
          value={form.models}
          onChange={set('models')}
          placeholder={MODEL_IDS_EXAMPLE}
          translate="no"
          hint={t`Empty: every model.`}
        />
      </div>
      {error && (
        <p role="alert" className="text-sm text-rose-300 sm:col-span-2">
          {error}
        </p>
      )}
      <div className="sm:col-span-2">
        <button type="submit" className="btn-primary" disabled={isSaving}>
          {isSaving ? <Trans>Creating…</Trans> : <Trans>Create key</Trans>}
        </button>
      </div>
    </form>
  );
}
