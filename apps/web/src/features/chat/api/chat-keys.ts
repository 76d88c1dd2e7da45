/** Query keys of the conversation API: one query per endpoint. */
export const chatKeys = {
  all: ['chats'] as const,
  list: (q: string) => ['chats', 'list', q] as const,
  detail: (chatId: string) => ['chats', 'detail', chatId] as const,
  shared: (shareId: string) => ['shared', shareId] as const,
};

const json = (body: unknown) => ({ headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

export { json };
