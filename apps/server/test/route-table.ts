import type * as FastifyModule from 'fastify';
import type { FastifySchema } from 'fastify';

export type RecordedRoute = { method: string; url: string; schema?: FastifySchema };

/**
 * The fastify module with its factory wrapped so that an onRoute hook is in place before anything is
 * registered: every route of every app built with it lands in `routes` (for `vi.mock('fastify', …)`).
 */
export function recordingFastify(original: typeof FastifyModule, routes: RecordedRoute[]) {
  const factory = ((options?: Parameters<typeof original.default>[0]) => {
    const app = original.default(options);
    app.addHook('onRoute', (route) => {
      for (const method of [route.method].flat())
        routes.push({ method: String(method), url: route.url ?? route.path, schema: route.schema });
    });
    return app;
  }) as typeof original.default;
  return { ...original, default: factory, fastify: factory };
}
