import type { IncomingMessage } from 'node:http';

/**
 * Stripe.js and its Payment Element (issue 20) load from Stripe's origins, talk to its API and run 3-D Secure
 * in frames (Stripe's CSP guide). Listed now so the policy needs no change when the card form lands.
 */
const STRIPE = {
  script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
  img: ['https://*.stripe.com'],
};

/**
 * The Content-Security-Policy of every response (docs/decisions/032-security-headers.md). Scripts only from the
 * app's own origin (the build has no inline script) and Stripe; the ALTCHA widget runs its proof of work in a
 * worker made from a blob: URL; the browser's error reports go to the origin of its Sentry DSN, when one is set; inline styles stay allowed because the ALTCHA widget and React's hoisted
 * <style> elements write them (no script can come in through a style). No site may frame the app.
 */
export const contentSecurityPolicy = (connect: readonly string[] = []) =>
  [
    "default-src 'self'",
    `script-src 'self' ${STRIPE.script.join(' ')}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: ${STRIPE.img.join(' ')}`,
    "font-src 'self' data:",
    // 'self' also covers the app's own ws:/wss: socket (CSP Level 3).
    `connect-src 'self' ${[...STRIPE.connect, ...connect].join(' ')}`,
    "worker-src 'self' blob:",
    `frame-src ${STRIPE.frame.join(' ')}`,
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
export const CONTENT_SECURITY_POLICY = contentSecurityPolicy();

/** A year, the usual HSTS age; sent only over https, where browsers heed it. */
const HSTS = 'max-age=31536000; includeSubDomains';

/** Whether the request came over https: the socket itself, or the proxy's X-Forwarded-Proto when trusted. */
export function overHttps(req: IncomingMessage, trustProxy: boolean, publicUrl: string): boolean {
  if ((req.socket as { encrypted?: boolean }).encrypted) return true;
  if (trustProxy)
    return (
      String(req.headers['x-forwarded-proto'] ?? '')
        .split(',')[0]
        ?.trim() === 'https'
    );
  return publicUrl.startsWith('https://');
}

/**
 * Headers every answer carries. Referrer-Policy is no-referrer everywhere: the links in mails carry tokens in
 * their paths (change-password, verify-email, master login), a service worker serves every page from one cached
 * index.html, so a per-page policy could not hold, and the app needs no referrer anywhere.
 */
export function securityHeaders(https: boolean, policy = CONTENT_SECURITY_POLICY): Record<string, string> {
  return {
    'content-security-policy': policy,
    'x-frame-options': 'DENY',
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
    'permissions-policy': 'camera=(), microphone=(), geolocation=()',
    ...(https ? { 'strict-transport-security': HSTS } : {}),
  };
}
