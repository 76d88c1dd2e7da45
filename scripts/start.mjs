// `npm start`: installs what is missing, builds what is out of date, then serves the product.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const run = (cmd, args) => {
  const res = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', shell: false });
  if (res.status !== 0) process.exit(res.status ?? 1);
};
const mtime = (p) => (fs.existsSync(p) ? fs.statSync(p).mtimeMs : 0);
const newest = (dir) => {
  if (!fs.existsSync(dir)) return 0;
  let max = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) max = Math.max(max, mtime(path.join(entry.parentPath, entry.name)));
  }
  return max;
};

const installed = path.join(root, 'node_modules', '.package-lock.json');
if (mtime(installed) < mtime(path.join(root, 'package-lock.json'))) {
  console.warn('Installing dependencies (npm ci)...');
  run('npm', ['ci', '--no-audit', '--no-fund']);
}

const webBuilt = mtime(path.join(root, 'apps/web/dist/index.html'));
const serverBuilt = mtime(path.join(root, 'apps/server/dist/server.js'));
const sources = Math.max(
  newest(path.join(root, 'apps/web/src')),
  newest(path.join(root, 'apps/server/src')),
  newest(path.join(root, 'packages/contracts/src')),
);
if (!webBuilt || !serverBuilt || sources > Math.min(webBuilt, serverBuilt)) {
  console.warn('Building the web app and the server...');
  run('npm', ['run', 'build']);
}

const child = spawn(process.execPath, [path.join(root, 'apps/server/dist/server.js')], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
