import { Trans } from '@lingui/react/macro';
import type { ChatMessage } from '@sangam/contracts';

/**
 * Issue 16: when Sangam mode's proposers followed the arena's leaderboard, which models answered and
 * why ("Answered by Gamma Gemini: top 1 for Coding this week"), linking to the ranking.
 */
export function PanelNote({ assistant }: { assistant: ChatMessage | null }) {
  const panel = assistant?.panel;
  if (!panel) return null;
  const names = panel.models.map((id) => assistant?.answers.find((a) => a.modelId === id)?.name ?? id).join(', ');
  return (
    <p className="mt-2 text-xs break-words text-slate-400" data-testid="panel-note">
      <span className="font-semibold text-slate-300">
        <Trans>Answered by {names}:</Trans>
      </span>{' '}
      {panel.reason} (
      <a className="underline hover:text-white" href="/leaderboard">
        <Trans>leaderboard</Trans>
      </a>
      )
    </p>
  );
}
