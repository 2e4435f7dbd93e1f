// Builds the PWA into dist/ and the booking page into dist/book/ when either is missing or older than any source
// they are built from.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const SOURCES = ['src', 'public', 'index.html', 'book.html', 'vite.config.ts', 'vite.book.config.ts', 'package.json', 'package-lock.json'];
const TARGETS = ['dist/index.html', 'dist/book/book.html'];

function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newest(join(path, name))), stat.mtimeMs);
}

export function buildIfNeeded() {
  const built = Math.min(...TARGETS.map((target) => (existsSync(target) ? statSync(target).mtimeMs : 0)));
  const changed = Math.max(...SOURCES.map(newest));
  if (built >= changed) return false;
  console.log(built ? 'Sources changed: rebuilding the app…' : 'Building the app (first start)…');
  execSync('npx vite build --logLevel warn', { stdio: 'inherit' });
  execSync('npx vite build --config vite.book.config.ts --logLevel warn', { stdio: 'inherit' });
  return true;
}

if (import.meta.url === `file://${process.argv[1]}`) buildIfNeeded();
