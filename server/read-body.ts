import type { IncomingMessage } from 'node:http';

/**
 * A request's raw body, or null when it is larger than `maxBytes`: read to its end either way (a body cut off by
 * closing the socket reaches the sender as a reset, not as the 413 it is), keeping none of what lies past the limit.
 */
export function readBody(req: IncomingMessage, maxBytes: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= maxBytes) chunks.push(chunk);
    });
    req.on('end', () => resolve(size > maxBytes ? null : Buffer.concat(chunks)));
    req.on('error', reject);
  });
}
