/** Query keys of the conversation API: one query per endpoint. */
export const chatKeys = {
  all: ['chats'] as const,
  list: (q: string) => ['chats', 'list', q] as const,
  detail: (chatId: string) => ['chats', 'detail', chatId] as const,
  shared: (shareId: string) => ['shared', shareId] as const,
};

/** The path of one message of a chat, and of what follows it (`/stop`, `/fuse`, `/stream`, `/image`). */
export const messagePath = ({ chatId, messageId }: { chatId: string; messageId: string }, rest = '') =>
  `/api/v1/chats/${encodeURIComponent(chatId)}/messages/${encodeURIComponent(messageId)}${rest}`;

const json = (body: unknown) => ({ headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

export { json };
