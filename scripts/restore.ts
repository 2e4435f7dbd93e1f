/**
 * `npm run restore FILE`: brings a backup made by `npm run backup` (or the daily one) back into DATA_DIR, which must
 * hold no database yet (move the old one away first); `npm start` then runs on it (issue 56, server/backup.ts).
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { restoreBackup } from '../server/backup';

const file = process.argv[2];
if (!file || !existsSync(file)) {
  console.error('Usage: npm run restore -- FILE   (a salon-panel-YYYYMMDD-HHMMSS.tar.gz backup)');
  process.exit(1);
}
const dataDir = resolve(process.env.DATA_DIR || './data');
try {
  await restoreBackup(resolve(file), dataDir);
  console.log(`Restored ${file} into ${dataDir}/pglite`);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
