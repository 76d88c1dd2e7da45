import { TOOL_PREFIXES } from '@sangam/contracts';
import type { ToolRequest } from '@/lib/agent/tool-client';

/** 'CHA:,' and the question (docs/spec-rules.md §7). */
export const chanakyaRequest = (question: string): ToolRequest => ({
  prompt: `${TOOL_PREFIXES.chanakya}${question}`,
  requestIdPrefix: 'chanakya_',
});
