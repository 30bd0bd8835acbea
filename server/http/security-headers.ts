// Security headers on every response, API and static alike.
import type { MiddlewareHandler } from 'hono';

// Only what the app needs. The one inline script (index.html's start-up code) is allowed by its hash
// (./inline-hashes.ts), so scripts need no 'unsafe-inline'. Styles keep it: React writes style
// attributes, Radix's dialogs add a <style> element for their scroll lock at run time, and the built
// pages inline their CSS — a hash in style-src would switch 'unsafe-inline' off for all of
// them. connect-src allows ws:/wss: for the realtime channel.
// The video and realtime issues add their cloud hosts here when they land.
const CSP: Record<string, string[]> = {
  'default-src': ["'self'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'media-src': ["'self'", 'blob:'],
  // The operators' console shows a teacher's PDF in the browser's viewer from a blob: URL (fetched with
  // the staff token, which a plain address cannot carry).
  'frame-src': ["'self'", 'blob:'],
  // Agora's gateways and edge servers (video); its media itself flows over WebRTC.
  'connect-src': ["'self'", 'ws:', 'wss:', 'https://*.agora.io', 'https://*.sd-rtn.com'],
  'style-src': ["'self'", "'unsafe-inline'"],
  'font-src': ["'self'"],
  'script-src': ["'self'"],
  'frame-ancestors': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
};

/**
 * The policy, with `connectOrigins` added to connect-src: exactly the origin of each outside service the
 * client is built to call (an IP-to-country service in VITE_IP_COUNTRY_URL), nothing wider; and
 * `scriptHashes`, the build's inline scripts, added to script-src.
 */
export function contentSecurityPolicy(connectOrigins: readonly string[] = [], scriptHashes: readonly string[] = []): string {
  const extra: Record<string, readonly string[]> = { 'connect-src': connectOrigins, 'script-src': scriptHashes };
  return Object.entries(CSP)
    .map(([name, values]) => `${name} ${[...values, ...(extra[name] ?? [])].join(' ')}`)
    .join('; ');
}

/** The origin of an absolute http(s) URL; null for a relative or malformed one (same origin: nothing to allow). */
export function originOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    const { protocol, origin } = new URL(url);
    return protocol === 'https:' || protocol === 'http:' ? origin : null;
  } catch {
    return null;
  }
}

interface SecurityOptions {
  production: boolean;
  connectOrigins?: readonly string[];
  scriptHashes?: readonly string[];
}

export function securityHeaders({ production, connectOrigins = [], scriptHashes = [] }: SecurityOptions): MiddlewareHandler {
  const policy = contentSecurityPolicy(connectOrigins, scriptHashes);
  return async (c, next) => {
    await next();
    const h = c.res.headers;
    h.set('Content-Security-Policy', policy);
    h.set('X-Content-Type-Options', 'nosniff');
    h.set('Referrer-Policy', 'strict-origin-when-cross-origin');
    // Live sessions use the camera and microphone of this origin only; nothing else is needed.
    h.set('Permissions-Policy', 'camera=(self), microphone=(self), geolocation=(), payment=(), usb=()');
    h.set('X-Frame-Options', 'DENY');
    h.set('Cross-Origin-Opener-Policy', 'same-origin');
    // Only meaningful behind TLS, which is how production is served.
    if (production) h.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
  };
}
