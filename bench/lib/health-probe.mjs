// Times GET <url> every <interval> ms in a process of its own, so that the load generator's busy event
// loop (the mock model and 50 streaming clients of the soak) does not delay the probe and count as the
// server's latency. Sends each time to the parent (milliseconds; Infinity for a failure); stops on 'stop'.
import http from 'node:http';

const [url, interval] = [process.argv[2], Number(process.argv[3] ?? 250)];
let running = true;
process.on('message', (m) => {
  if (m === 'stop') running = false;
});
const once = () =>
  new Promise((resolve) => {
    const started = performance.now();
    const req = http.get(url, { agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode === 200 ? performance.now() - started : Number.POSITIVE_INFINITY));
    });
    req.on('error', () => resolve(Number.POSITIVE_INFINITY));
  });
while (running) {
  const ms = await once();
  process.send?.({ ms: Number.isFinite(ms) ? ms : -1 });
  await new Promise((resolve) => setTimeout(resolve, interval));
}
process.disconnect?.();
