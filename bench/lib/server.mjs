// Starts the built server on a free port with a fresh DATA_DIR for a benchmark; returns its URL and pid.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

export async function freePort() {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const p = srv.address().port;
      srv.close(() => resolve(p));
    });
  });
}

// BENCH_SERVER_JS: another build of the server (e.g. one made before a change) for every bench.
const defaultServerJs = process.env.BENCH_SERVER_JS
  ? path.resolve(process.env.BENCH_SERVER_JS)
  : path.join(root, 'apps/server/dist/server.js');
export async function startServer(env = {}, { serverJs = defaultServerJs } = {}) {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sangam-bench-'));
  // BENCH_PROFILE_DIR=dir writes a V8 CPU profile of the server there (open it in Chrome DevTools).
  const profile = process.env.BENCH_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`] : [];
  // BENCH_SERVER_ARGS adds Node.js flags to the server (e.g. --trace-gc).
  const extra = (process.env.BENCH_SERVER_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...profile, ...extra, serverJs], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOCAL_MODEL: 'off',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: '127.0.0.1,::1',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  // A busy machine may take a while to open the database and run its migrations.
  let ready = false;
  for (let i = 0; i < 1500 && !ready && child.exitCode === null; i += 1) {
    try {
      ready = (await fetch(`${url}/readyz`)).ok;
    } catch {}
    if (!ready) await new Promise((r) => setTimeout(r, 200));
  }
  if (!ready) {
    child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw new Error('the server did not start within 300 s');
  }
  return {
    url,
    pid: child.pid,
    dataDir,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** CPU time (user + system) a process has used so far, in ms (10 ms resolution). */
export function cpuMs(pid) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** Peak resident memory of a process so far (VmHWM), in MB. */
export function peakRssMb(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}
export function rssMb(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/** Signs up and verifies a user through the API and the outbox. */
export async function createUser(url, dataDir) {
  const tag = Math.random().toString(36).slice(2, 10);
  const user = { name: 'Bench User', username: `bench${tag}`, email: `bench${tag}@example.com`, password: 'Str0ng!pass' };
  await fetch(`${url}/api/v1/signup`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(user) });
  const outbox = path.join(dataDir, 'outbox');
  let code;
  for (let i = 0; i < 100 && !code; i += 1) {
    if (fs.existsSync(outbox)) {
      for (const f of fs.readdirSync(outbox).filter((n) => n.endsWith('.json'))) {
        const mail = JSON.parse(fs.readFileSync(path.join(outbox, f), 'utf8'));
        if (mail.to === user.email) code = mail.text.match(/\b(\d{6})\b/)?.[1];
      }
    }
    if (!code) await new Promise((r) => setTimeout(r, 50));
  }
  await fetch(`${url}/api/v1/signup/otp_verify`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: user.email, code }),
  });
  return user;
}

/** A new verified user of `server`, signed in: its access token (`ip`: the address it signs in from). */
export async function signedInToken(server, ip = randomIp()) {
  const user = await createUser(server.url, server.dataDir);
  const login = await fetch(`${server.url}/api/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': ip },
    body: new URLSearchParams({ username: user.email, password: user.password }),
  });
  const { access_token: token } = await login.json();
  return token;
}

export const percentile = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0;
};
export const randomIp = () =>
  `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;
