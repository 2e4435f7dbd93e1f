import { gzipSync } from 'node:zlib';
import type { Plugin } from 'graphql-yoga';

/** Answers smaller than this go out as they are: the gzip header and the work would buy nothing. */
export const GZIP_FROM_BYTES = 16 * 1024;

/**
 * Large JSON answers (a first sync's pull pages: about 2 MB each for the large bench salon) go out gzipped, at level
 * 1, when the caller accepts gzip (decision 066). The large salon's 25 pages are 54.0 MB as JSON and 5.6 MB gzipped;
 * Node compressed all of them in 110 ms. On a salon's line of 20 Mbit/s that is about 2 s of transfer instead of 22.
 * Event streams and other bodies are left alone: only a whole JSON body is read and compressed. `answerBody` is the
 * same rule for a body already whole (server/graphql/known-operations.ts).
 */
export function answerBody(json: Buffer, acceptEncoding: string | undefined): { body: Buffer; gzipped: boolean } {
  if (json.byteLength < GZIP_FROM_BYTES || !/\bgzip\b/i.test(acceptEncoding ?? '')) return { body: json, gzipped: false };
  return { body: gzipSync(json, { level: 1 }), gzipped: true };
}

export function useGzipLargeAnswers(): Plugin {
  return {
    async onResponse({ request, response, setResponse, fetchAPI }) {
      if (!/\bgzip\b/i.test(request.headers.get('accept-encoding') ?? '')) return;
      if (response.headers.has('content-encoding') || !response.body) return;
      if (!/json/i.test(response.headers.get('content-type') ?? '')) return;
      // Yoga gives its JSON answers their length: a small one (every push, most pulls) is not read again here.
      const length = Number(response.headers.get('content-length') ?? Number.NaN);
      if (length < GZIP_FROM_BYTES) return;
      const { body, gzipped } = answerBody(Buffer.from(await response.arrayBuffer()), 'gzip');
      const headers = new fetchAPI.Headers(response.headers);
      const init = { status: response.status, statusText: response.statusText, headers };
      if (gzipped) {
        headers.append('vary', 'Accept-Encoding');
        headers.set('content-encoding', 'gzip');
        headers.delete('content-length');
      }
      setResponse(new fetchAPI.Response(new Uint8Array(body), init));
    },
  };
}
