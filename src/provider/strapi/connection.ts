/** CONTENT_SOURCE=strapi with STRAPI_URL and STRAPI_TOKEN: where the provider reads content. */
import type { StrapiConnection } from '../app';

export function readStrapiConnection(env: NodeJS.ProcessEnv): StrapiConnection | null {
  const source = env.CONTENT_SOURCE || 'pack';
  if (source === 'pack') return null;
  if (source !== 'strapi') throw new Error(`CONTENT_SOURCE must be "pack" or "strapi", not "${source}"`);
  if (!env.STRAPI_URL || !env.STRAPI_TOKEN) throw new Error('CONTENT_SOURCE=strapi needs STRAPI_URL (e.g. http://127.0.0.1:1337) and STRAPI_TOKEN (the read-only token npm run cms:seed prints)');
  const url = new URL(env.STRAPI_URL);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`STRAPI_URL must be an http(s) address, not "${env.STRAPI_URL}"`);
  return { url: url.origin, token: env.STRAPI_TOKEN };
}
