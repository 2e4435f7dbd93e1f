import pg from 'pg';

/** A PostgreSQL database of its own beside `base`'s, dropped and made again for each run: its URL. */
export async function freshDatabase(base: string, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}
