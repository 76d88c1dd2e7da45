import { clsx } from 'clsx';
import { Download, KeyRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { useModelStatus } from '@/components/first-run/use-model-status';

/** Megabytes, with one decimal below 10 MB (a small model is not "0 MB"). */
const megabytes = (bytes: number) =>
  new Intl.NumberFormat('en-IN', { maximumFractionDigits: bytes < 10 * 1024 * 1024 ? 1 : 0 }).format(bytes / 1024 / 1024);

/** The frame of a first-run notice: a labelled card with a coloured border. */
function NoticeCard({ label, border, className, children }: { label: string; border: string; className?: string; children: ReactNode }) {
  return (
    <section
      aria-label={label}
      className={clsx(`w-full rounded-xl border ${border} bg-slate-900/70 p-4 text-left text-sm text-slate-200`, className)}
    >
      {children}
    </section>
  );
}

/**
 * The first run, before anyone types: while the local model downloads or loads, its progress; when
 * no model can answer, a setup card saying how to add one. Nothing once a model is ready.
 */
export function ModelStatusNotice({ className }: { className?: string }) {
  const { data } = useModelStatus();
  if (!data || (data.available && data.local?.state !== 'downloading' && data.local?.state !== 'loading')) return null;
  const local = data.local;
  if (local && (local.state === 'downloading' || local.state === 'loading')) {
    const isDownloading = local.state === 'downloading';
    const percent = local.progress ?? 0;
    return (
      <NoticeCard label="Preparing the AI model" border="border-neon-cyan/30" className={className}>
        <p className="flex items-center gap-2 font-semibold text-white">
          <Download aria-hidden className="size-4" />
          {isDownloading ? 'Downloading the AI model (first start only)' : 'Loading the AI model'}
        </p>
        {isDownloading ? (
          <>
            <progress className="mt-3 h-2 w-full accent-neon-cyan" max={100} value={percent} aria-label="Download progress">
              {percent}%
            </progress>
            <p className="mt-1 text-xs text-slate-400" data-testid="model-progress">
              {percent}%{local.totalBytes ? ` of ${megabytes(local.totalBytes)} MB` : ''}. You can ask as soon as it is ready.
            </p>
          </>
        ) : (
          <p className="mt-1 text-xs text-slate-400">Almost ready: a few seconds more.</p>
        )}
      </NoticeCard>
    );
  }
  return (
    <NoticeCard label="Set up an AI model" border="border-amber-400/40" className={className}>
      <h2 className="flex items-center gap-2 text-base font-semibold text-white">
        <KeyRound aria-hidden className="size-4" />
        No AI model is set up yet
      </h2>
      <p className="mt-2">
        This server cannot answer until it has a model. Whoever runs it can add one in any of three ways, then restart:
      </p>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        <li>
          a provider key, such as <code>OPENAI_API_KEY</code> or <code>GOOGLE_GENERATIVE_AI_API_KEY</code>
          {';'}
        </li>
        <li>
          <code>MODELS_FILE</code>, a file listing the models to use{';'}
        </li>
        <li>
          <code>LOCAL_MODEL_PATH</code>, a GGUF model file on the server (or let it download one: <code>npm run models -- pull</code>).
        </li>
      </ul>
      {local?.detail ? <p className="mt-2 text-xs text-slate-400">{local.detail.split(' To answer,')[0]}</p> : null}
    </NoticeCard>
  );
}
