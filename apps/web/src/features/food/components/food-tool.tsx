import { Trans } from '@lingui/react/macro';
import { type FormEvent, useState } from 'react';
import { ToolShell } from '@/components/layout/tool-shell';
import { ImagePicker } from '@/components/tool/image-picker';
import { ToolAnswer } from '@/components/tool/tool-answer';
import { TOOL_TYPING } from '@/config/timings';
import type { FoodKind } from '@/features/food/api/food-request';
import { NutritionTable } from '@/features/food/components/nutrition-table';
import { useFoodAnswer } from '@/features/food/hooks/use-food-answer';
import { isBusy } from '@/lib/agent/tool-run';
import { submitOnEnter } from '@/lib/submit-on-enter';

export type FoodToolConfig = {
  kind: FoodKind;
  title: string;
  subtitle: string;
  placeholder: string;
  submitLabel: string;
  loadingLabel: string;
  resetLabel: string;
  tableTitle: string;
  /** Bold the 'N cal' figures of the answer (calorie). */
  highlightCalories?: boolean;
  disclaimer: string;
  /** docs/spec-rules.md §8: the text for an answer without output, and the title of a failure card. */
  messages: { noOutput: string; failed: string };
};

/** The recipe and calorie screens: text and/or a photo, loading, the streamed answer, the computed table, reset. */
export function FoodTool({ config }: { config: FoodToolConfig }) {
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const { run, facts, submit, reset } = useFoodAnswer(config.kind);
  const isRunning = isBusy(run);
  const canSubmit = (text.trim().length > 0 || file !== null) && !isRunning;

  const onSubmit = (e?: FormEvent) => {
    e?.preventDefault();
    if (!canSubmit) return;
    void submit({ text, file });
  };
  const onKeyDown = submitOnEnter(onSubmit);
  const again = () => {
    reset();
    setText('');
    setFile(null);
  };

  return (
    <ToolShell title={config.title} subtitle={config.subtitle}>
      <div className="mx-auto max-w-3xl">
        {run.status === 'idle' ? (
          <form onSubmit={onSubmit} className="card grid gap-4" aria-label={config.title}>
            <label htmlFor="food-text" className="text-sm font-medium text-slate-200">
              <Trans>Describe the food</Trans>
            </label>
            <textarea
              id="food-text"
              rows={3}
              value={text}
              onChange={(e) => setText(e.target.value)}
              onKeyDown={onKeyDown}
              placeholder={config.placeholder}
              className="max-h-[120px] resize-none rounded-lg border border-white/10 bg-black/30 p-3 text-slate-100 placeholder:text-slate-500 focus:border-neon-cyan focus:outline-none"
            />
            <ImagePicker file={file} onChange={setFile} />
            <button type="submit" className="btn-primary justify-center py-3" disabled={!canSubmit}>
              {config.submitLabel}
            </button>
            <p className="text-xs text-slate-400">{config.disclaimer}</p>
          </form>
        ) : (
          <ToolAnswer
            run={run}
            pace={TOOL_TYPING[config.kind]}
            loadingLabel={config.loadingLabel}
            emptyText={config.messages.noOutput}
            failureTitle={config.messages.failed}
            highlightCalories={config.highlightCalories}
            reset={
              <button type="button" className="btn-primary" onClick={again}>
                {config.resetLabel}
              </button>
            }
          >
            {facts && <NutritionTable facts={facts} title={config.tableTitle} />}
            <p className="text-center text-xs text-slate-400">{config.disclaimer}</p>
          </ToolAnswer>
        )}
      </div>
    </ToolShell>
  );
}
