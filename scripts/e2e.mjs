// `npm run test:e2e`: the Playwright suite in two shards at once, each with its own server, port and embedded
// database (playwright.config.ts keys them by E2E_PORT), so a shard's writes to the demo salon never reach the
// other. One run of the suite keeps about half of the machine idle (the browser waits on the server and the
// server on the browser); two fill it and the suite takes about 60 % of the time. With arguments (a spec, -g …)
// it runs them in one process. E2E_SHARDS=1 runs the whole suite in one process as before.
import { spawn } from 'node:child_process';

const args = process.argv.slice(2);
const shards = args.length > 0 ? 1 : Math.max(1, Number(process.env.E2E_SHARDS || 2));
const basePort = Number(process.env.E2E_PORT || 4173);

function run(index) {
  const shardArgs = shards > 1 ? [`--shard=${index + 1}/${shards}`] : [];
  const child = spawn('npx', ['playwright', 'test', ...shardArgs, ...args], {
    env: { ...process.env, E2E_PORT: String(basePort + index) },
    stdio: shards > 1 ? ['ignore', 'pipe', 'pipe'] : 'inherit',
  });
  if (shards > 1) {
    const prefix = `[${index + 1}/${shards}] `;
    for (const stream of [child.stdout, child.stderr]) {
      let rest = '';
      stream.on('data', (chunk) => {
        const lines = (rest + chunk).split('\n');
        rest = lines.pop() ?? '';
        for (const line of lines) process.stdout.write(`${prefix}${line}\n`);
      });
      stream.on('end', () => rest && process.stdout.write(`${prefix}${rest}\n`));
    }
  }
  return new Promise((resolve) => child.on('exit', (code) => resolve(code ?? 1)));
}

const codes = await Promise.all(Array.from({ length: shards }, (_, i) => run(i)));
const failed = codes.filter((c) => c !== 0).length;
if (shards > 1) console.log(failed ? `e2e: ${failed} of ${shards} shards failed` : `e2e: all ${shards} shards passed`);
process.exit(failed ? 1 : 0);
