import type { ApiKey } from '@sangam/contracts';
import { useState } from 'react';
import { CreateKeyForm } from '@/features/developers/components/create-key-form';
import { useCreateKey, useKeys, useRevokeKey } from '@/features/developers/hooks/use-keys';
import { formatDate, formatRupees } from '@/lib/i18n/format';

const rupees = (n: number) => formatRupees('en', n);

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
          New key
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
            <p className="text-sm text-slate-200">Copy your key now: it is shown only once.</p>
            <code data-testid="new-key-secret" className="mt-2 block break-all text-sm text-neon-cyan">
              {secret}
            </code>
            <div className="mt-3 flex gap-3">
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
                {copied ? 'Copied' : 'Copy'}
              </button>
              <button type="button" className="btn-ghost" onClick={() => setSecret(null)}>
                Done
              </button>
            </div>
          </div>
        )}
      </section>
      <section className="card" aria-labelledby="keys-heading">
        <h2 id="keys-heading" className="mb-4 text-lg font-semibold text-white">
          Your keys
        </h2>
        {keys.isLoading && <p className="text-sm text-slate-400">Loading…</p>}
        {keys.data?.length === 0 && <p className="text-sm text-slate-400">No keys yet.</p>}
        <ul className="divide-y divide-white/5">
          {keys.data?.map((k) => (
            <KeyRow key={k.id} apiKey={k} isRevoking={revoke.isPending && revoke.variables === k.id} onRevoke={() => revoke.mutate(k.id)} />
          ))}
        </ul>
      </section>
    </div>
  );
}

function KeyRow({ apiKey: k, isRevoking, onRevoke }: { apiKey: ApiKey; isRevoking: boolean; onRevoke: () => void }) {
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 py-3" aria-label={`Key ${k.name}`}>
      <div className="min-w-0">
        <p className="font-medium break-words text-slate-100">{k.name}</p>
        <p className="font-mono text-xs text-slate-400">{k.prefix}</p>
        <p className="mt-1 text-xs text-slate-400">
          {k.lastUsedAt ? `Last used ${formatDate('en', k.lastUsedAt)}` : 'Never used'} · {rupees(k.spentThisMonthInr)} this month
          {k.monthlyBudgetInr !== null ? ` of ${rupees(k.monthlyBudgetInr)}` : ''} · {k.requestsPerMinute}/min
          {k.expiresAt ? ` · expires ${formatDate('en', k.expiresAt)}` : ''}
        </p>
      </div>
      {k.revokedAt ? (
        <span className="text-xs font-semibold text-rose-300">Revoked</span>
      ) : (
        <button type="button" className="btn-ghost text-sm" onClick={onRevoke} disabled={isRevoking} aria-label={`Revoke ${k.name}`}>
          {isRevoking ? 'Revoking…' : 'Revoke'}
        </button>
      )}
    </li>
  );
}
