import { Trans } from '@lingui/react/macro';
import { ApiGuide } from '@/features/developers/components/api-guide';

export function DevelopersRoute() {
  const base = `${window.location.origin}/v1`;
  return (
    <div className="mx-auto max-w-4xl px-4 py-16">
      <header>
        <h1 className="text-4xl font-bold break-words text-white">
          <Trans>Sangam for developers</Trans>
        </h1>
        <p className="mt-4 text-lg text-slate-300">
          <Trans>
            Sangam’s fused answer as a model, in the OpenAI Chat Completions shape: for your editor, agent or script, priced in rupees.
          </Trans>
        </p>
      </header>
      <ApiGuide base={base} />
    </div>
  );
}
