import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { FastifyReply } from 'fastify';

/**
 * Takes the reply over for Server-Sent Events and writes the head every stream of the server sends
 * (the chat's answer stream and /v1's chunk stream): the headers set so far (security, CORS), no
 * caching or proxy buffering, and the request id. Returns the raw response to write events to.
 */
export function startEventStream(reply: FastifyReply): ServerResponse {
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    ...(reply.getHeaders() as OutgoingHttpHeaders),
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
    'x-request-id': String(reply.request.id),
  });
  return res;
}

/**
 * Writes events to a stream as soon as they exist, yet together when they come together. The first
 * event of a turn of the event loop goes out at once (with the headers, for the very first); the
 * events after it are held and go out in one write when the turn's I/O has been handled
 * (`setImmediate`). An answer's events are made across many ticks and microtasks of one turn (one
 * upstream read holds a dozen model chunks), so a tick-by-tick flush wrote each event with its own
 * system call; a turn is at most a few milliseconds even under load. `end` writes what is held with
 * the end of the response.
 */
export function turnWriter(res: ServerResponse) {
  let held: string[] | undefined;
  const open = () => !res.writableEnded && !res.destroyed;
  /** The events held since the turn's first, as one text; none are held afterwards. */
  const take = () => {
    const text = held?.join('');
    held = undefined;
    return text;
  };
  const release = () => {
    const text = take();
    if (text && open()) {
      res.write(text);
      res.socket?.uncork();
    }
  };
  return {
    write(text: string) {
      if (!open()) return;
      if (held) {
        held.push(text);
        return;
      }
      res.write(text);
      res.socket?.uncork();
      held = [];
      setImmediate(release);
    },
    end() {
      const text = take();
      if (open()) res.end(text || undefined);
    },
  };
}
