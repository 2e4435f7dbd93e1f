// Builds the PWA into dist/ when it is missing or older than any source it is built from.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const SOURCES = ['src', 'public', 'index.html', 'vite.config.ts', 'package.json', 'package-lock.json'];
const TARGET = 'dist/index.html';

function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newest(join(path, name))), stat.mtimeMs);
}

export function buildIfNeeded() {
  const built = existsSync(TARGET) ? statSync(TARGET).mtimeMs : 0;
  const changed = Math.max(...SOURCES.map(newest));
  if (built >= changed) return false;
  console.log(built ? 'Sources changed: rebuilding the app…' : 'Building the app (first start)…');
  execSync('npx vite build --logLevel warn', { stdio: 'inherit' });
  return true;
}

if (import.meta.url === `file://${process.argv[1]}`) buildIfNeeded();
