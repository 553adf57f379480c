import type { FastifyInstance } from 'fastify';

/**
 * The Content-Security-Policy of the web app and the API: scripts, styles sheets, fonts and calls only
 * from the platform itself (its WebSocket included); inline styles, which antd writes at run time;
 * images also from elsewhere over http(s), since map tiles come from the configured tile server and
 * an avatar may be any http(s) address. No plugins, no framing by other sites.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: http: https:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "media-src 'self' blob:",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-content-type-options': 'nosniff',
};

/** Every answer, web app and API alike, carries the security headers. */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (_req, reply, payload) => {
    for (const [name, value] of Object.entries(SECURITY_HEADERS))
      if (!reply.hasHeader(name)) reply.header(name, value);
    return payload;
  });
}
