// `npm start`: build the PWA if needed, then run the one server (app + /graphql + WebSocket).
import { spawn } from 'node:child_process';
import { buildIfNeeded } from './build-if-needed.mjs';

buildIfNeeded();
const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], { stdio: 'inherit', env: process.env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
