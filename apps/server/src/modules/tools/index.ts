import { astrologyTool } from '@/modules/tools/astrology/astrology.tool';
import { calorieTool } from '@/modules/tools/calorie/calorie.tool';
import { chanakyaTool } from '@/modules/tools/chanakya/chanakya.tool';
import { recipeTool } from '@/modules/tools/recipe/recipe.tool';
import { scriptureTool } from '@/modules/tools/scripture/scripture.tool';
import { registerTool } from '@/modules/tools/tool-registry';

/** Registers every tool; each lives in `<tool>/<tool>.tool.ts` (shared nutrition data in nutrition/). */
export function registerTools() {
  registerTool(scriptureTool);
  registerTool(chanakyaTool);
  registerTool(astrologyTool);
  registerTool(calorieTool);
  registerTool(recipeTool);
}
