import { Trans, useLingui } from '@lingui/react/macro';
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
  const { t } = useLingui();
  if (!data || (data.available && data.local?.state !== 'downloading' && data.local?.state !== 'loading')) return null;
  const local = data.local;
  if (local && (local.state === 'downloading' || local.state === 'loading')) {
    const isDownloading = local.state === 'downloading';
    const percent = local.progress ?? 0;
    const size = local.totalBytes ? megabytes(local.totalBytes) : null;
    return (
      <NoticeCard label={t`Preparing the AI model`} border="border-neon-cyan/30" className={className}>
        <p className="flex items-center gap-2 font-semibold text-white">
          <Download aria-hidden className="size-4" />
          {isDownloading ? <Trans>Downloading the AI model (first start only)</Trans> : <Trans>Loading the AI model</Trans>}
        </p>
        {isDownloading ? (
          <>
            <progress className="mt-3 h-2 w-full accent-neon-cyan" max={100} value={percent} aria-label={t`Download progress`}>
              {percent}%
            </progress>
            <p className="mt-1 text-xs text-slate-400" data-testid="model-progress">
              {size ? (
                <Trans>
                  {percent}% of {size} MB. You can ask as soon as it is ready.
                </Trans>
              ) : (
                <Trans>{percent}%. You can ask as soon as it is ready.</Trans>
              )}
            </p>
          </>
        ) : (
          <p className="mt-1 text-xs text-slate-400">
            <Trans>Almost ready: a few seconds more.</Trans>
          </p>
        )}
      </NoticeCard>
    );
  }
  const openAiKey = 'OPENAI_API_KEY';
  const googleKey = 'GOOGLE_GENERATIVE_AI_API_KEY';
  const modelsFile = 'MODELS_FILE';
  const localPath = 'LOCAL_MODEL_PATH';
  const gguf = 'GGUF';
  const pullCommand = 'npm run models -- pull';
  return (
    <NoticeCard label={t`Set up an AI model`} border="border-amber-400/40" className={className}>
      <h2 className="flex items-center gap-2 text-base font-semibold text-white">
        <KeyRound aria-hidden className="size-4" />
        <Trans>No AI model is set up yet</Trans>
      </h2>
      <p className="mt-2">
        <Trans>This server cannot answer until it has a model. Whoever runs it can add one in any of three ways, then restart:</Trans>
      </p>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        <li>
          <Trans>
            a provider key, such as <code>{openAiKey}</code> or <code>{googleKey}</code>
            {';'}
          </Trans>
        </li>
        <li>
          <Trans>
            <code>{modelsFile}</code>, a file listing the models to use
            {';'}
          </Trans>
        </li>
        <li>
          <Trans>
            <code>{localPath}</code>, a {gguf} model file on the server (or let it download one: <code>{pullCommand}</code>).
          </Trans>
        </li>
      </ul>
      {local?.detail ? (
        <p lang="en" className="mt-2 text-xs text-slate-400">
          {local.detail.split(' To answer,')[0]}
        </p>
      ) : null}
    </NoticeCard>
  );
}
