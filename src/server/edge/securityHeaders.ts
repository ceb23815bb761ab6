/**
 * Security headers for every response class. Scripts come only from our origin, but for the
 * inline boot script, allowed by its hash (runtime config travels in a meta tag); styles allow inline because Swiper and
 * react-toastify set them at run time; media come from our origin and the media host.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import helmet from '@fastify/helmet';

export async function registerSecurityHeaders(app: FastifyInstance, mediaOrigin: string, inlineScriptHashes: string[]) {
  const media = ["'self'", mediaOrigin].filter(Boolean);
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...inlineScriptHashes],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: [...media, 'data:'],
        mediaSrc: media,
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        manifestSrc: ["'self'"],
      },
    },
    strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-origin' },
  });
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=(), usb=()');
  });
}

/**
 * The one page another site may frame: a preview (preview.ts), shown inside the CMS's admin
 * panel, by that origin alone. The rest of the policy stays as it is for every page.
 */
export function frameOnlyIn(reply: FastifyReply, origin: string) {
  const policy = String(reply.raw.getHeader('content-security-policy') ?? '');
  reply.raw.setHeader('Content-Security-Policy', policy.replace(/frame-ancestors [^;]*/, `frame-ancestors ${origin}`));
  // Helmet's X-Frame-Options: SAMEORIGIN would refuse the CMS where frame-ancestors allows it.
  reply.raw.removeHeader('X-Frame-Options');
}
