/**
 * `npm start` entry. A server runs in production mode unless NODE_ENV says otherwise: graphql-js then skips the
 * development checks it runs on every field of every pull page (decision 061), and graphql-ws closes a socket on an
 * unexpected error without the error's message. Those modules read the mode as they load, so it is set before the
 * server's modules are imported. On PostgreSQL it runs one server process per core behind the one port (cluster.ts).
 */
import cluster from 'node:cluster';
import { serverProcesses } from './processes';

process.env.NODE_ENV ??= 'production';
if (cluster.isPrimary && serverProcesses(process.env).count > 1) await import('./cluster');
else await import('./serve');

export {};
