import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { TOOL_PREFIXES, type ToolId } from '@sangam/contracts';
import { describe, expect, it } from 'vitest';
import type { Tool } from '@/modules/tools/tool';
import { findTool, TOOLS } from '@/modules/tools/tool-registry';

const here = path.dirname(fileURLToPath(import.meta.url));
const ids = Object.keys(TOOL_PREFIXES) as ToolId[];
const isTool = (x: unknown): x is Tool => typeof x === 'object' && x !== null && 'prepare' in x && 'check' in x && 'id' in x;

describe('one server shape for every tool', () => {
  it.each(ids)('%s lives in <tool>/<tool>.tool.ts and exports a tool with prepare and check', async (id) => {
    const file = path.join(here, id, `${id}.tool.ts`);
    expect(fs.existsSync(file), file).toBe(true);
    const mod = (await import(file)) as Record<string, unknown>;
    const tools = Object.values(mod).filter(isTool);
    expect(tools.map((t) => t.id)).toEqual([id]);
    expect(typeof tools[0]?.prepare).toBe('function');
    expect(typeof tools[0]?.check).toBe('function');
  });

  it('the registry lists every tool once', () => {
    expect(TOOLS.map((t) => t.id).sort()).toEqual([...ids].sort());
  });

  it('the pipeline finds each tool by its prompt prefix, with its check as finalize', () => {
    for (const id of ids) {
      const prompt = `${TOOL_PREFIXES[id]}${id === 'scripture' ? 'gita\nWhat is dharma?' : id === 'astrology' ? ' 01 01 1990 Pune 10:00 AM' : 'x'}`;
      const handler = findTool(prompt);
      expect(handler?.id, prompt).toBe(id);
      expect(typeof handler?.finalize).toBe('function');
    }
    expect(findTool('What is dharma?')).toBeUndefined();
  });
});
