import { astrologyTool } from '@/modules/tools/astrology/astrology.tool';
import { calorieTool } from '@/modules/tools/calorie/calorie.tool';
import { chanakyaTool } from '@/modules/tools/chanakya/chanakya.tool';
import { recipeTool } from '@/modules/tools/recipe/recipe.tool';
import { scriptureTool } from '@/modules/tools/scripture/scripture.tool';
import { type ToolHandler, toHandler } from '@/modules/tools/tool';

export type { ToolHandler, ToolPreparation } from '@/modules/tools/tool';

/** Every tool, each in `<tool>/<tool>.tool.ts`, found by the prompt prefix of TOOL_PREFIXES (@sangam/contracts). */
export const TOOLS: readonly ToolHandler[] = [
  toHandler(scriptureTool),
  toHandler(chanakyaTool),
  toHandler(astrologyTool),
  toHandler(calorieTool),
  toHandler(recipeTool),
];

/** The tool whose prefix the raw Prompt field starts with, if any. */
export function findTool(prompt: string): ToolHandler | undefined {
  return TOOLS.find((h) => h.matches(prompt));
}
