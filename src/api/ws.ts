import { createClient, type Client } from 'graphql-ws';
import { print } from 'graphql';
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { apiConfig } from './config';

/**
 * The subscription socket (graphql-ws on /graphql). The token travels in connectionParams; the socket
 * reconnects by itself, and `onConnected` tells the engine to pull after every (re)connect (DESIGN.md §5.6).
 */
export function createSocket(options: { url?: string; webSocketImpl?: unknown; onConnected?: () => void } = {}): Client {
  const url = options.url ?? `${globalThis.location.origin.replace(/^http/, 'ws')}/graphql`;
  return createClient({
    url,
    webSocketImpl: options.webSocketImpl,
    lazy: true,
    retryAttempts: Infinity,
    shouldRetry: () => true,
    retryWait: async (retries) => new Promise((resolve) => setTimeout(resolve, Math.min(30_000, 1000 * 2 ** retries))),
    connectionParams: () => {
      const token = apiConfig.getToken();
      return token ? { authorization: `Bearer ${token}` } : {};
    },
    on: { connected: () => options.onConnected?.() },
  });
}

export function subscribe<R, V extends Record<string, unknown>>(
  client: Client,
  document: TypedDocumentNode<R, V>,
  variables: V,
  onData: (data: R) => void,
): () => void {
  return client.subscribe<R>(
    { query: print(document), variables },
    {
      next: (value) => value.data && onData(value.data as R),
      error: () => undefined,
      complete: () => undefined,
    },
  );
}
