import { Trans, useLingui } from '@lingui/react/macro';
import type { ApiKey } from '@sangam/contracts';
import { useState } from 'react';
import { CreateKeyForm } from '@/features/developers/components/create-key-form';
import { useCreateKey, useKeys, useRevokeKey } from '@/features/developers/hooks/use-keys';
import { useLocaleFormat } from '@/lib/i18n/use-locale-format';

/** Developer keys: create one (its secret is shown once), list them with prefix, last use and spend, revoke. */
export function DeveloperKeys() {
  const keys = useKeys();
  const create = useCreateKey();
  const revoke = useRevokeKey();
  const [secret, setSecret] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  return (
    <div className="space-y-6">
      <section className="card" aria-labelledby="new-key-heading">
        <h2 id="new-key-heading" className="mb-4 text-lg font-semibold text-white">
          <Trans>New key</Trans>
        </h2>
        <CreateKeyForm
          isSaving={create.isPending}
          onCreate={(input) =>
            create.mutate(input, {
              onSuccess: (r) => {
                setCopied(false);
                setSecret(r.secret);
              },
            })
          }
        />
        {create.error && (
          <p role="alert" className="mt-3 text-sm text-rose-300">
            {create.error.message}
          </p>
        )}
        {secret && (
          <div role="status" className="mt-4 rounded-lg border border-neon-cyan/40 bg-black/40 p-4">
            <p className="text-sm text-slate-200">
              <Trans>Copy your key now: it is shown only once.</Trans>
            </p>
            <code data-testid="new-key-secret" className="mt-2 block break-all text-sm text-neon-cyan">
              {secret}
            </code>
            <div className="mt-3 flex flex-wrap gap-3">
              <button
                type="button"
                className="btn-ghost"
                onClick={() =>
                  void navigator.clipboard?.writeText(secret).then(
                    () => setCopied(true),
                    () => setCopied(false),
                  )
                }
              >
                {copied ? <Trans>Copied</Trans> : <Trans>Copy</Trans>}
              </button>
              <button type="button" className="btn-ghost" onClick={() => setSecret(null)}>
                <Trans>Done</Trans>
              </button>
            </div>
          </div>
        )}
      </section>
      <section className="card" aria-labelledby="keys-heading">
        <h2 id="keys-heading" className="mb-4 text-lg font-semibold text-white">
          <Trans>Your keys</Trans>
        </h2>
        {keys.isLoading && (
          <p className="text-sm text-slate-400">
            <Trans>Loading…</Trans>
          </p>
        )}
        {keys.data?.length === 0 && (
          <p className="text-sm text-slate-400">
            <Trans>No keys yet.</Trans>
          </p>
        )}
        <ul className="divide-y divide-white/5">
          {keys.data?.map((k) => (
            <KeyRow key={k.id} apiKey={k} isRevoking={revoke.isPending && revoke.variables === k.id} onRevoke={() => revoke.mutate(k.id)} />
          ))}
        </ul>
      </section>
    </div>
  );
}

/** One key: its name (the user's text), prefix, last use, spend against its budget, rate and expiry. */
function KeyRow({ apiKey: k, isRevoking, onRevoke }: { apiKey: ApiKey; isRevoking: boolean; onRevoke: () => void }) {
  const { t } = useLingui();
  const { rupees, count, date } = useLocaleFormat();
  const name = k.name;
  const lastUsed = k.lastUsedAt ? date(k.lastUsedAt) : '';
  const spent = rupees(k.spentThisMonthInr);
  const budget = k.monthlyBudgetInr !== null ? rupees(k.monthlyBudgetInr) : '';
  const rate = count(k.requestsPerMinute);
  const expires = k.expiresAt ? date(k.expiresAt) : '';
  const parts = [
    k.lastUsedAt ? t`Last used ${lastUsed}` : t`Never used`,
    budget ? t`${spent} this month of ${budget}` : t`${spent} this month`,
    t`${rate}/min`,
    ...(expires ? [t`expires ${expires}`] : []),
  ];
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 py-3" aria-label={t`Key ${name}`}>
      <div className="min-w-0">
        <p className="font-medium break-words text-slate-100" translate="no">
          {k.name}
        </p>
        <p className="font-mono text-xs text-slate-400" translate="no">
          {k.prefix}
        </p>
        <p className="mt-1 text-xs break-words text-slate-400">{parts.join(' · ')}</p>
      </div>
      {k.revokedAt ? (
        <span className="text-xs font-semibold text-rose-300">
          <Trans>Revoked</Trans>
        </span>
      ) : (
        <button type="button" className="btn-ghost text-sm" onClick={onRevoke} disabled={isRevoking} aria-label={t`Revoke ${name}`}>
          {isRevoking ? <Trans>Revoking…</Trans> : <Trans>Revoke</Trans>}
        </button>
      )}
    </li>
  );
}
