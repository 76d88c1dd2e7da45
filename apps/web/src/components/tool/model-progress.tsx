import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { clsx } from 'clsx';
import type { ModelProgress } from '@/lib/agent/tool-run';

const LABEL: Record<ModelProgress['status'], MessageDescriptor> = { writing: msg`writing`, done: msg`done`, failed: msg`failed` };

/**
 * The models behind a tool answer: each one writing, done, or failed with its reason (a failed model
 * is shown, never dropped; the answer goes on with the others).
 */
export function ModelProgressList({ models, isFusing }: { models: ModelProgress[]; isFusing?: boolean }) {
  const { t, i18n } = useLingui();
  if (models.length === 0) return null;
  const failed = (m: ModelProgress) => {
    const reason = m.detail ?? t`no reason given`;
    return t`failed (${reason})`;
  };
  return (
    <ul aria-label={t`Models`} className="flex flex-wrap gap-2 text-xs" data-testid="model-progress">
      {models.map((m) => (
        <li
          key={m.id}
          data-status={m.status}
          className={clsx(
            'max-w-full rounded-full border px-2.5 py-1 break-words',
            m.status === 'failed'
              ? 'border-red-400/50 text-red-200'
              : m.status === 'done'
                ? 'border-emerald-400/40 text-emerald-200'
                : 'border-white/15 text-slate-300',
          )}
        >
          <span className="font-semibold">{m.name}</span>: {m.status === 'failed' ? failed(m) : i18n._(LABEL[m.status])}
        </li>
      ))}
      {isFusing && (
        <li className="rounded-full border border-neon-cyan/40 px-2.5 py-1 text-neon-cyan">
          <Trans>fusing the answers</Trans>
        </li>
      )}
    </ul>
  );
}
