import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseSync } from 'vite';

/**
 * The finder of user-visible English left outside the catalogs (issue 24): JSX text with letters, and
 * string literals with letters in the attributes a user reads or hears (aria-label, title, placeholder,
 * alt) and in JSX children (`{isSaving ? 'Saving...' : 'Save'}`). Text inside a Lingui `<Trans>`, a
 * code sample (`<code>`, `<pre>`, `<kbd>`) or an element marked with its own `lang` (a scripture quote in
 * its script) is not flagged.
 */
const READ_ATTRIBUTES = new Set(['aria-label', 'title', 'placeholder', 'alt']);
const SKIPPED_ELEMENTS = new Set(['Trans', 'Plural', 'Select', 'SelectOrdinal', 'code', 'pre', 'kbd']);

/**
 * Text that is not language: the product's name, the mode names (the glossary of docs/i18n.md keeps
 * them in English) and unit symbols.
 */
export const ALLOWED_TEXT = new Set(['Sangam', 'Sangam mode', 'Universe', 'Universe mode', 'MB', 'ms']);

const hasLetters = (text: string) => /\p{L}/u.test(text);
const isFlagged = (text: string) => {
  const trimmed = text.replace(/\s+/g, ' ').trim();
  return hasLetters(trimmed) && !ALLOWED_TEXT.has(trimmed);
};

type Node = { type: string; start: number; [key: string]: unknown };
const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && typeof (v as Node).type === 'string';

/** The literal text an expression evaluates to directly (through ?:, &&, ||, ?? and parentheses). */
function literalTexts(expr: unknown): string[] {
  if (!isNode(expr)) return [];
  if (expr.type === 'Literal' && typeof expr.value === 'string') return [expr.value];
  if (expr.type === 'TemplateLiteral')
    return (expr.quasis as { value: { cooked: string | null; raw: string } }[]).map((q) => q.value.cooked ?? q.value.raw);
  if (expr.type === 'ConditionalExpression') return [...literalTexts(expr.consequent), ...literalTexts(expr.alternate)];
  if (expr.type === 'LogicalExpression') return literalTexts(expr.right);
  if (expr.type === 'ParenthesizedExpression' || expr.type === 'TSAsExpression') return literalTexts(expr.expression);
  return [];
}

const hasLang = (node: Node) =>
  ((node.openingElement as Node | undefined)?.attributes as Node[] | undefined)?.some(
    (a) => a.type === 'JSXAttribute' && (a.name as Node).name === 'lang',
  ) ?? false;

const elementName = (node: Node) => {
  const name = (node.openingElement as Node | undefined)?.name as Node | undefined;
  return name?.type === 'JSXIdentifier' ? (name.name as string) : '';
};

/** Each untranslated literal of one TSX source as "line: text". */
export function findLiterals(filename: string, source: string): string[] {
  const { program } = parseSync(filename, source, { lang: 'tsx' });
  const found: string[] = [];
  const lineOf = (offset: number) => source.slice(0, offset).split('\n').length;
  // The line of the text's first letter (JSX text starts with the line break before it).
  const report = (node: Node, text: string) => {
    const at = node.start + (node.type === 'JSXText' ? text.length - text.trimStart().length : 0);
    if (isFlagged(text)) found.push(`${lineOf(at)}: ${text.replace(/\s+/g, ' ').trim()}`);
  };
  const visit = (node: unknown, inSkipped: boolean) => {
    if (Array.isArray(node)) {
      for (const n of node) visit(n, inSkipped);
      return;
    }
    if (!isNode(node)) return;
    if (node.type === 'TaggedTemplateExpression') return;
    const skipped = inSkipped || (node.type === 'JSXElement' && (SKIPPED_ELEMENTS.has(elementName(node)) || hasLang(node)));
    if (!skipped && node.type === 'JSXText') report(node, node.value as string);
    if (!skipped && node.type === 'JSXExpressionContainer' && node.parentIsChild)
      for (const text of literalTexts(node.expression)) report(node, text);
    if (node.type === 'JSXAttribute') {
      const name = (node.name as Node).name as string;
      const value = node.value as Node | null;
      if (READ_ATTRIBUTES.has(name) && value)
        for (const text of value.type === 'Literal' ? [value.value as string] : literalTexts(value.expression)) report(node, text);
    }
    if (node.type === 'JSXElement' || node.type === 'JSXFragment')
      for (const child of node.children as Node[]) if (child.type === 'JSXExpressionContainer') child.parentIsChild = true;
    for (const [key, value] of Object.entries(node)) if (key !== 'parentIsChild') visit(value, skipped);
  };
  visit(program, false);
  return found;
}

/** Every `.tsx` file under `dir` except tests, as paths relative to `root`. */
export function sourceFiles(root: string, dir = root): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(root, full);
    return entry.name.endsWith('.tsx') && !entry.name.endsWith('.test.tsx') ? [path.relative(root, full)] : [];
  });
}

export const readSource = (root: string, file: string) => readFileSync(path.join(root, file), 'utf8');
