import { astrologyTool } from '@/modules/tools/astrology/astrology.tool';
import { chanakyaTool } from '@/modules/tools/chanakya/chanakya';
import { calorieTool, recipeTool } from '@/modules/tools/nutrition/food.tools';
import { scriptureTool } from '@/modules/tools/scripture/scripture.tool';
import { registerTool } from '@/modules/tools/tool-registry';

/** Registers every tool handler; each tool lives in its own folder under modules/tools/. */
export function registerTools() {
  registerTool(scriptureTool);
  registerTool(chanakyaTool);
  registerTool(astrologyTool);
  registerTool(calorieTool);
  registerTool(recipeTool);
}
