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
 * Writes events to a stream as soon as they exist, yet together when they come together. Node
 * corks the socket on every write until the next tick, and an answer's stream is processed in
 * microtasks, so on its own the first event would wait for every chunk that arrived with it. The
 * first event of each turn of the event loop is therefore flushed at once (with the headers, for
 * the very first); the events after it in the same turn go out in one write when the turn ends.
 */
export function turnWriter(res: ServerResponse) {
  let flushedThisTurn = false;
  const nextTurn = () => {
    flushedThisTurn = false;
  };
  return (text: string) => {
    if (res.writableEnded || res.destroyed) return;
    res.write(text);
    if (!flushedThisTurn) {
      flushedThisTurn = true;
      res.socket?.uncork();
      process.nextTick(nextTurn);
    }
  };
}
