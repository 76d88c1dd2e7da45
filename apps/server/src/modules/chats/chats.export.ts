import { type ChatDetail, type ChatMessage, type FusionAnalysis, formatInr, type ModelAnswer } from '@sangam/contracts';
import type { Db } from '@/db/client';
import { getChatDetail } from '@/modules/chats/chats.queries';

/** A chat as a file: its detail and its active path, and that path as Markdown. */
export async function exportChat(db: Db, { userId, chatId }: { userId: string; chatId: string }) {
  const detail = await getChatDetail(db, { userId, chatId });
  const byId = new Map(detail.messages.map((m) => [m.id, m]));
  const active: ChatMessage[] = [];
  let cur = detail.activeLeafId ? byId.get(detail.activeLeafId) : undefined;
  const seen = new Set<string>();
  while (cur && !seen.has(cur.id)) {
    seen.add(cur.id);
    active.unshift(cur);
    cur = cur.parentId ? byId.get(cur.parentId) : undefined;
  }
  return { detail, active };
}

export function chatToMarkdown(detail: ChatDetail, path: ChatMessage[]): string {
  const out = [
    `# ${detail.chat.title}`,
    '',
    `*${detail.chat.mode === 'universe' ? 'Universe' : 'Sangam'} mode · ${detail.chat.createdAt}*`,
    '',
  ];
  for (const m of path) {
    if (m.role === 'user') {
      out.push('## Question', '', m.content, '');
      if (m.hasImage) out.push('_(asked with an image, not included in the export)_', '');
      if (m.refinedPrompt && m.refinedPrompt !== m.content) out.push(`> Refined prompt: ${m.refinedPrompt}`, '');
    } else {
      out.push(`## Answer${m.status !== 'done' ? ` (${m.status})` : ''}`, '', m.content, '');
      if (m.analysis) out.push(...analysisMarkdown(m.analysis, m.answers));
      if (m.cost)
        out.push(
          `*${m.cost.costInr !== null ? `${formatInr(m.cost.costInr)} · ` : ''}${m.cost.tokens.toLocaleString('en-IN')} tokens*`,
          '',
        );
      for (const a of m.answers) {
        const label = a.sample ? `${a.name} #${a.sample}` : a.name;
        out.push(`### ${label} (${a.status}${a.late ? ', late: not in the fused answer' : ''})`, '', a.text || a.error?.detail || '', '');
      }
    }
  }
  return `${out.join('\n').trimEnd()}\n`;
}

/** "How the models agreed" in an export: the agreement, then each point with the models behind it. */
function analysisMarkdown(a: FusionAnalysis, answers: ModelAnswer[]): string[] {
  const names = new Map(answers.map((x) => [x.answerId ?? x.modelId, x.sample ? `${x.name} #${x.sample}` : x.name]));
  const who = (ids: string[]) => ids.map((id) => names.get(id) ?? id).join(', ');
  const out = ['### How the models agreed', ''];
  if (a.agreement !== null) out.push(`Agreement: ${Math.round(a.agreement * 100)}%`, '');
  if (a.consensus.length) out.push('**They agree**', '', ...a.consensus.map((p) => `- ${p.text} (${who(p.models)})`), '');
  if (a.contradictions.length)
    out.push(
      '**They disagree**',
      '',
      ...a.contradictions.flatMap((c) => [`- ${c.topic}`, ...c.sides.map((s) => `  - ${who(s.models)}: ${s.claim}`)]),
      '',
    );
  if (a.unique.length) out.push('**Only one model said**', '', ...a.unique.map((p) => `- ${p.text} (${who(p.models)})`), '');
  if (a.openQuestions.length) out.push('**None answered**', '', ...a.openQuestions.map((q) => `- ${q}`), '');
  return out;
}
