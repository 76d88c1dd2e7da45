/**
 * Tool answers render with the one Markdown renderer (safe, incremental while streaming) that every
 * model answer in the product uses.
 */
export { Markdown as AnswerMarkdown } from '@/components/markdown/markdown';
