import type { NutritionFacts, SourcedNutritionFacts } from '@sangam/contracts';
import { type FormEvent, type KeyboardEvent, useState } from 'react';
import { ToolShell } from '@/components/layout/tool-shell';
import { ImagePicker } from '@/components/tool/image-picker';
import { ToolAnswer } from '@/components/tool/tool-answer';
import { NutritionTable } from '@/features/food/components/nutrition-table';
import { callTool, imageFromFile, ToolHttpError } from '@/lib/tool-request';

export type FoodToolConfig = {
  title: string;
  subtitle: string;
  placeholder: string;
  prefix: string;
  requestIdPrefix: string;
  defaultText: string;
  submitLabel: string;
  loadingLabel: string;
  resetLabel: string;
  msPerChar: number;
  tableTitle: string;
  highlight?: RegExp;
  disclaimer: string;
  messages: { noOutput: string; error: (message: string) => string; unavailable: string };
};

/** The recipe and calorie screens: text and/or a photo, loading, the typed answer, the computed table, reset. */
export function FoodTool({ config }: { config: FoodToolConfig }) {
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [isLoading, setIsLoading] = useState(false);
  const [answer, setAnswer] = useState<{ text: string; facts?: NutritionFacts | SourcedNutritionFacts } | null>(null);
  const canSubmit = (text.trim().length > 0 || file !== null) && !isLoading;

  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    if (!canSubmit) return;
    setIsLoading(true);
    try {
      const image = await imageFromFile(file);
      const res = await callTool({
        prompt: `${config.prefix}${text.trim() || config.defaultText}`,
        requestIdPrefix: config.requestIdPrefix,
        image,
      });
      setAnswer({ text: res.text ?? config.messages.noOutput, facts: res.facts as NutritionFacts | SourcedNutritionFacts | undefined });
    } catch (err) {
      console.error(`${config.title} request failed`, err);
      setAnswer({ text: err instanceof ToolHttpError ? config.messages.error(err.message) : config.messages.unavailable });
    }
    setIsLoading(false);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey) {
      e.preventDefault();
      void submit();
    }
  };
  const reset = () => {
    setAnswer(null);
    setText('');
    setFile(null);
  };

  return (
    <ToolShell title={config.title} subtitle={config.subtitle}>
      <div className="mx-auto max-w-3xl">
        {!answer && !isLoading ? (
          <form onSubmit={submit} className="card grid gap-4" aria-label={config.title}>
            <label htmlFor="food-text" className="text-sm font-medium text-slate-200">
              Describe the food
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
            isLoading={isLoading}
            loadingLabel={config.loadingLabel}
            text={answer?.text ?? ''}
            msPerChar={config.msPerChar}
            highlight={config.highlight}
            reset={
              <button type="button" className="btn-primary" onClick={reset}>
                {config.resetLabel}
              </button>
            }
          >
            {answer?.facts && <NutritionTable facts={answer.facts} title={config.tableTitle} />}
            <p className="text-center text-xs text-slate-400">{config.disclaimer}</p>
          </ToolAnswer>
        )}
      </div>
    </ToolShell>
  );
}
