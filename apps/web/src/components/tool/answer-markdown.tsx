/**
 * Tool answers render with the chat's Markdown renderer (safe, incremental while streaming): one
 * renderer for every model answer in the product. Imported through this one module so that when the
 * renderer moves down to components/ only this line changes.
 */
export { Markdown as AnswerMarkdown } from '@/features/chat/components/markdown';
