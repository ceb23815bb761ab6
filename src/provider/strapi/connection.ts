/** CONTENT_SOURCE=strapi with STRAPI_URL and STRAPI_TOKEN: where the provider reads content (and, for previews, drafts). */
import type { StrapiConnection } from '../app';

export function readStrapiConnection(env: NodeJS.ProcessEnv): StrapiConnection | null {
  const source = env.CONTENT_SOURCE || 'pack';
  if (source === 'pack') return null;
  if (source !== 'strapi') throw new Error(`CONTENT_SOURCE must be "pack" or "strapi", not "${source}"`);
  if (!env.STRAPI_URL || !env.STRAPI_TOKEN)
    throw new Error('CONTENT_SOURCE=strapi needs STRAPI_URL (e.g. http://127.0.0.1:1337) and STRAPI_TOKEN (the read-only token npm run cms:seed prints)');
  const url = new URL(env.STRAPI_URL);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`STRAPI_URL must be an http(s) address, not "${env.STRAPI_URL}"`);
  // Previews read drafts with a token of their own; both or neither (the site checks PREVIEW_SECRET alone too).
  if (Boolean(env.STRAPI_PREVIEW_TOKEN) !== Boolean(env.PREVIEW_SECRET))
    throw new Error(
      "Previews need both STRAPI_PREVIEW_TOKEN (the drafts token npm run cms:seed writes to cms/.env.site) and PREVIEW_SECRET (the CMS's, in cms/.env)",
    );
  const preview = env.STRAPI_PREVIEW_TOKEN && env.PREVIEW_SECRET ? { preview: { token: env.STRAPI_PREVIEW_TOKEN, secret: env.PREVIEW_SECRET } } : {};
  // Strapi is waited for half the site's render deadline (TIMING.strapiTimeoutMs of the default):
  // a site given a shorter one (RENDER_DEADLINE_MS) would fail its renders before the fallback.
  const deadline = Number(env.RENDER_DEADLINE_MS);
  const timing = Number.isSafeInteger(deadline) && deadline > 0 ? { timeoutMs: deadline / 2 } : {};
  // The site relays what editors take down with the webhook's secret (takedownRoute.ts).
  const webhook = env.CMS_WEBHOOK_SECRET ? { webhookSecret: env.CMS_WEBHOOK_SECRET } : {};
  // Strapi's rich-text editor names pictures by the address editors open the CMS at.
  const publicUrl = env.CMS_PUBLIC_URL ? { publicUrl: new URL(env.CMS_PUBLIC_URL).origin } : {};
  return { url: url.origin, token: env.STRAPI_TOKEN, ...preview, ...timing, ...webhook, ...publicUrl };
}
