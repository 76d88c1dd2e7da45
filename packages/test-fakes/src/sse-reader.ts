/** One Server-Sent Event as a test reads it: its `id:` (when sent), name, parsed data and arrival time. */
export type SseEvent = { id: number | undefined; event: string; data: unknown; at: number };

/**
 * Reads a Server-Sent Events response to its end; `until` may stop early (the reader is then
 * cancelled: the client leaves). Each event's `data:` line is JSON.
 */
export async function readEvents(res: Response, until?: (e: SseEvent, all: SseEvent[]) => boolean): Promise<SseEvent[]> {
  const events: SseEvent[] = [];
  const reader = (res.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let cut = buffer.indexOf('\n\n');
    while (cut !== -1) {
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      const id = /^id: (\d+)$/m.exec(block)?.[1];
      const e = {
        id: id === undefined ? undefined : Number(id),
        event: /^event: (.*)$/m.exec(block)?.[1] ?? 'message',
        data: JSON.parse(/^data: (.*)$/m.exec(block)?.[1] ?? 'null'),
        at: Date.now(),
      };
      events.push(e);
      if (until?.(e, events)) {
        await reader.cancel();
        return events;
      }
      cut = buffer.indexOf('\n\n');
    }
  }
  return events;
}
