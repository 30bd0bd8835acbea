// Security headers on every response, API and static alike.
import type { MiddlewareHandler } from 'hono';

// Only what the app needs. boot.js is an external file, so scripts need no 'unsafe-inline'; styles do,
// because React writes style attributes. connect-src allows ws:/wss: for the realtime channel.
// The video and realtime issues add their cloud hosts here when they land.
const CSP: Record<string, string[]> = {
  'default-src': ["'self'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'media-src': ["'self'", 'blob:'],
  // Agora's gateways and edge servers (video, issue 7); its media itself flows over WebRTC.
  'connect-src': ["'self'", 'ws:', 'wss:', 'https://*.agora.io', 'https://*.sd-rtn.com'],
  'style-src': ["'self'", "'unsafe-inline'"],
  'font-src': ["'self'"],
  'script-src': ["'self'"],
  'frame-ancestors': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
};

export const CONTENT_SECURITY_POLICY = Object.entries(CSP)
  .map(([name, values]) => `${name} ${values.join(' ')}`)
  .join('; ');

export function securityHeaders({ production }: { production: boolean }): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const h = c.res.headers;
    h.set('Content-Security-Policy', CONTENT_SECURITY_POLICY);
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
