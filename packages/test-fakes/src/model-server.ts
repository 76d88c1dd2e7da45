import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type ModelServerOptions = {
  /** The first response breaks off (the socket is destroyed) after this many bytes. */
  cutAfterBytes?: number;
  /** Bytes per second sent (in 50 ms slices); unlimited when absent. */
  bytesPerSecond?: number;
  /** Serves the file with one byte changed, as a corrupted download would be. */
  corrupt?: boolean;
};

/**
 * A download host on 127.0.0.1 serving one model file, with HTTP Range (206) support, and faults
 * on demand: a cut connection, a slow line, a corrupt byte. `requests` records each Range asked for.
 */
export async function startModelServer(file: string, options: ModelServerOptions = {}) {
  const requests: Array<{ range: string | undefined }> = [];
  let cutDone = false;
  const body = () => {
    const bytes = fs.readFileSync(file);
    if (options.corrupt) bytes[bytes.length >> 1] = (bytes[bytes.length >> 1] ?? 0) ^ 0xff;
    return bytes;
  };
  const server = http.createServer((req, res) => {
    requests.push({ range: req.headers.range });
    const bytes = body();
    const match = /^bytes=(\d+)-$/.exec(req.headers.range ?? '');
    const start = match ? Number(match[1]) : 0;
    if (start >= bytes.length) {
      res.writeHead(416, { 'content-range': `bytes */${bytes.length}` }).end();
      return;
    }
    const slice = bytes.subarray(start);
    res.writeHead(match ? 206 : 200, {
      'content-type': 'application/octet-stream',
      'content-length': String(slice.length),
      ...(match ? { 'content-range': `bytes ${start}-${bytes.length - 1}/${bytes.length}` } : {}),
    });
    const cut = !cutDone && options.cutAfterBytes !== undefined ? options.cutAfterBytes : undefined;
    if (cut !== undefined) cutDone = true;
    const perSlice = options.bytesPerSecond ? Math.max(1, Math.floor(options.bytesPerSecond / 20)) : slice.length;
    let sent = 0;
    const send = () => {
      if (res.destroyed) return;
      const from = sent;
      sent = Math.min(slice.length, sent + perSlice, cut ?? Number.POSITIVE_INFINITY);
      const chunk = slice.subarray(from, sent);
      if (cut !== undefined && sent >= cut) {
        // Cut once these bytes have reached the client: headers and part of the body, then nothing.
        res.write(chunk, () => setTimeout(() => res.socket?.destroy(), 50));
        return;
      }
      res.write(chunk);
      if (sent >= slice.length) res.end();
      else setTimeout(send, options.bytesPerSecond ? 50 : 0);
    };
    send();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/models/tiny-llama.gguf`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
export type ModelServer = Awaited<ReturnType<typeof startModelServer>>;
