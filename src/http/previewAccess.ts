/**
 * How the site reads the provider's drafts for a preview (src/provider/strapi/preview.ts): the
 * content calls again under PREVIEW_API_PREFIX, with `Authorization: Bearer <previewAccessKey>`,
 * a key derived from PREVIEW_SECRET, which the site shares with the CMS to check preview
 * addresses. The site's /api proxy never forwards this prefix.
 */
import { createHmac } from 'node:crypto';

export const PREVIEW_API_PREFIX = '/_preview';

/** What the site sends as `Authorization: Bearer …` to read drafts: not the secret itself, which also signs addresses. */
export function previewAccessKey(secret: string): string {
  return createHmac('sha256', secret).update('provider drafts').digest('hex');
}
