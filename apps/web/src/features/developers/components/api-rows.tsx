import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';

/** The models table's rows: the model id (code) and what answers. */
export function useModelRows(): ReactNode[][] {
  const { t } = useLingui();
  return [
    [
      <code key="sangam/fusion-id">sangam/fusion</code>,
      <Trans key="fusion">
        The panel (the arena’s leaderboard for the question’s category, as in the chat) answers, a judge compares the answers, an aggregator
        writes one fused answer. <code>model</code> in the response names the aggregator.
      </Trans>,
    ],
    [
      <code key="sangam/self-moa-id">sangam/self-moa</code>,
      <Trans key="self-moa">The best model for the question’s category answers three times; the samples are fused.</Trans>,
    ],
    [
      <code key="sangam/universe-id">sangam/universe</code>,
      <Trans key="universe">
        Every panel model answers on its own: one <code>choices[i]</code> per model, in panel order, each with <code>sangam.model</code>.
      </Trans>,
    ],
    [
      t`any configured model id`,
      <Trans key="any">
        A plain pass-through to that model (<code>GET /v1/models</code> lists them).
      </Trans>,
    ],
  ];
}

/** The `sangam` extension's rows: field and type (code) and what the field means. */
export function useExtensionRows(): ReactNode[][] {
  return [
    [
      <code key="panel-id">panel</code>,
      <>
        <code>string[]</code> <Trans>(at most 8)</Trans>
      </>,
      <Trans key="panel">The model ids that answer (default: the arena’s panel).</Trans>,
    ],
    [<code key="judge-id">judge</code>, <code key="judge">string</code>, <Trans key="judge">The model that writes the analysis.</Trans>],
    [
      <code key="aggregator-id">aggregator</code>,
      <code key="aggregator">string</code>,
      <Trans key="aggregator">The model that writes the fused answer.</Trans>,
    ],
    [
      <code key="deadline_ms-id">deadline_ms</code>,
      <code key="deadline">number</code>,
      <Trans key="deadline">How long after the first answer fusion waits for the rest.</Trans>,
    ],
    [
      <code key="include-id">include</code>,
      <code key="include">["analysis"]</code>,
      <Trans key="include">
        Adds the analysis (consensus, contradictions with each side’s models) to <code>sangam</code>.
      </Trans>,
    ],
  ];
}
