import net from 'node:net';

/** A TCP proxy in front of Redis that a test can cut (connections refused), hang (no answers) and restore. */
export async function redisProxy(target: URL) {
  const pairs = new Set<[net.Socket, net.Socket | undefined]>();
  let mode: 'pass' | 'hang' = 'pass';
  const server = net.createServer((client) => {
    client.on('error', () => {});
    if (mode === 'hang') {
      pairs.add([client, undefined]);
      return;
    }
    const upstream = net.connect(Number(target.port || 6379), target.hostname);
    upstream.on('error', () => client.destroy());
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    client.pipe(upstream).pipe(client);
    pairs.add([client, upstream]);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  const dropAll = () => {
    for (const [a, b] of pairs) {
      a.destroy();
      b?.destroy();
    }
    pairs.clear();
  };
  return {
    url: `redis://127.0.0.1:${port}${target.pathname}`,
    /** Redis is gone: open connections reset, new ones refused. */
    cut: async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        dropAll();
      });
    },
    /** Redis hangs: connections stay open, nothing is answered. */
    hang: () => {
      mode = 'hang';
      for (const [a, b] of pairs) {
        a.unpipe();
        b?.unpipe();
      }
    },
    restore: async () => {
      mode = 'pass';
      dropAll();
      if (!server.listening) await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    },
    close: async () => {
      dropAll();
      if (server.listening) await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
export type RedisProxy = Awaited<ReturnType<typeof redisProxy>>;
