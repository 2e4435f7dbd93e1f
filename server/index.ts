/**
 * `npm start` entry. A server runs in production mode unless NODE_ENV says otherwise: graphql-js then skips the
 * development checks it runs on every field of every pull page (decision 061), and graphql-ws closes a socket on an
 * unexpected error without the error's message. Those modules read the mode as they load, so it is set before the
 * server's modules are imported.
 */
process.env.NODE_ENV ??= 'production';
await import('./serve');

export {};
