import type { NutritionFacts, SourcedNutritionFacts } from '@sangam/contracts';
import { useCallback } from 'react';
import { type FoodKind, foodRequest } from '@/features/food/api/food-request';
import { imageFromFile } from '@/lib/agent/tool-client';
import { useToolRun } from '@/lib/agent/use-tool-run';

/** The recipe or calorie answer: text and/or a photo in, the streamed answer and the computed nutrition out. */
export function useFoodAnswer(kind: FoodKind) {
  const { run, ask, reset } = useToolRun();
  const submit = useCallback(
    ({ text, file }: { text: string; file: File | null }) => ask(foodRequest({ kind, text, image: imageFromFile(file) })),
    [ask, kind],
  );
  const facts = run.status === 'done' ? (run.facts as NutritionFacts | SourcedNutritionFacts | undefined) : undefined;
  return { run, facts, submit, reset };
}
