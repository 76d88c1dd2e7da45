// Unit and API tests: once on the embedded PGlite, then (when TEST_DATABASE_URL is set) the server
// tests again on that PostgreSQL server, with Redis when TEST_REDIS_URL is set too.
import { spawnSync } from 'node:child_process';

const run = (args, env) => {
  const res = spawnSync('npx', ['vitest', 'run', ...args], { stdio: 'inherit', env });
  if (res.status !== 0) process.exit(res.status ?? 1);
};
const { TEST_DATABASE_URL, TEST_REDIS_URL, ...withoutServers } = process.env;
console.log('Unit and API tests on PGlite');
run([], withoutServers);
if (TEST_DATABASE_URL) {
  console.log(`Server tests again on PostgreSQL${TEST_REDIS_URL ? ' and Redis' : ''}`);
  run(['--project', 'server'], process.env);
}
