/**
 * Battles whose answers name their own model break the blindness (LMArena leaves such battles out of
 * its ranking). An answer "names itself" when a self-reference ("I am", "I'm", "as a/an", "my name is",
 * "developed/created/made/trained/built by") is followed within a few words by a model's display
 * name, its id, or a well-known model family or maker. Such votes are kept, flagged, and not counted.
 */
const FAMILIES = [
  'chatgpt',
  'gpt',
  'openai',
  'claude',
  'anthropic',
  'gemini',
  'bard',
  'google',
  'deepmind',
  'llama',
  'meta',
  'mistral',
  'mixtral',
  'deepseek',
  'qwen',
  'alibaba',
  'grok',
  'xai',
  'phi',
  'microsoft',
  'gemma',
  'cohere',
  'command',
];
const SELF = /\b(?:i am|i'm|i’m|as an?|my name is|(?:developed|created|made|trained|built|designed) by)\b/gi;
/** Words after a self-reference that are searched for a name. */
const WINDOW_CHARS = 60;
const MAX_SCAN_CHARS = 20_000;

const normalise = (s: string) => s.normalize('NFKC').toLowerCase();

/** True when `text` names one of the models (by display name, id or family) right after a self-reference. */
export function namesAModel(text: string, models: Array<{ id: string; name: string }>): boolean {
  const terms = new Set(FAMILIES);
  for (const m of models) {
    for (const t of [m.name, m.id]) if (t.trim().length >= 3) terms.add(normalise(t.trim()));
  }
  const hay = normalise(text.slice(0, MAX_SCAN_CHARS));
  for (const match of hay.matchAll(SELF)) {
    const after = hay.slice((match.index ?? 0) + match[0].length, (match.index ?? 0) + match[0].length + WINDOW_CHARS);
    for (const term of terms) {
      const at = after.indexOf(term);
      if (at === -1) continue;
      const before = after[at - 1] ?? ' ';
      const next = after[at + term.length] ?? ' ';
      if (!/[\p{L}\p{N}]/u.test(before) && !/[\p{L}\p{N}]/u.test(next)) return true;
    }
  }
  return false;
}

/** True when either answer of the battle names a model. */
export function battleRevealsIdentity(b: {
  modelA: string;
  modelB: string;
  nameA: string;
  nameB: string;
  answerA: string;
  answerB: string;
}) {
  const models = [
    { id: b.modelA, name: b.nameA },
    { id: b.modelB, name: b.nameB },
  ];
  return namesAModel(b.answerA, models) || namesAModel(b.answerB, models);
}
