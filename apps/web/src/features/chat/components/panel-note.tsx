import { Trans, useLingui } from '@lingui/react/macro';
import type { ChatMessage, PanelChoice } from '@sangam/contracts';
import { categoryName } from '@/lib/i18n/category-names';
import { useLocaleFormat } from '@/lib/i18n/use-locale-format';

/**
 * Why the panel was chosen, in the reader's language: "top 3 for Coding this week" or "… as of
 * {date}". An answer stored before the server sent the category keeps its English sentence.
 */
function useReason(panel: PanelChoice) {
  const { i18n, t } = useLingui();
  const format = useLocaleFormat();
  if (!panel.category) return panel.reason;
  const count = panel.models.length;
  const category = categoryName(i18n, panel.category);
  if (!panel.asOf) return t`top ${count} for ${category} this week`;
  const date = format.date(`${panel.asOf}T12:00:00Z`);
  return t`top ${count} for ${category} as of ${date}`;
}

/**
 * Issue 16: when Sangam mode's proposers followed the arena's leaderboard, which models answered and
 * why ("Answered by Gamma Gemini: top 1 for Coding this week"), linking to the ranking.
 */
export function PanelNote({ assistant }: { assistant: ChatMessage | null }) {
  const panel = assistant?.panel;
  if (!panel) return null;
  return <PanelReason assistant={assistant} panel={panel} />;
}

function PanelReason({ assistant, panel }: { assistant: ChatMessage; panel: PanelChoice }) {
  const reason = useReason(panel);
  const names = panel.models.map((id) => assistant.answers.find((a) => a.modelId === id)?.name ?? id).join(', ');
  return (
    <p className="mt-2 text-xs break-words text-slate-400" data-testid="panel-note">
      <span className="font-semibold text-slate-300">
        <Trans>Answered by {names}:</Trans>
      </span>{' '}
      {reason} (
      <a className="underline hover:text-white" href="/leaderboard">
        <Trans>leaderboard</Trans>
      </a>
      )
    </p>
  );
}
