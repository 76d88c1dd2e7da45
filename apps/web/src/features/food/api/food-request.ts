import { TOOL_PREFIXES } from '@sangam/contracts';
import type { ToolRequest } from '@/lib/agent/tool-client';

export type FoodKind = 'calorie' | 'recipe';
const REQUEST_ID_PREFIX: Record<FoodKind, string> = { calorie: 'calorie_analysis_', recipe: 'food_recipe_' };
/** The recipe prefix is 'REP: ' (with its space); the calorie prefix is 'CAL:,'. */
const PROMPT_PREFIX: Record<FoodKind, string> = { calorie: TOOL_PREFIXES.calorie, recipe: `${TOOL_PREFIXES.recipe} ` };

/**
 * The GenerateAnswer request of the recipe and calorie tools: the prefix and the text, and the photo.
 * A photo with no text is sent as the prefix alone with the photo (`CAL:,`): the server's tool then
 * asks the models to identify the dishes in the image.
 */
export function foodRequest({ kind, text, image }: { kind: FoodKind; text: string; image: Blob | null }): ToolRequest {
  return { prompt: `${PROMPT_PREFIX[kind]}${text.trim()}`, requestIdPrefix: REQUEST_ID_PREFIX[kind], image };
}
