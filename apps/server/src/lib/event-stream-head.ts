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
