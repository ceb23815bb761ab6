/**
 * How the site reads the provider's drafts for a preview (src/provider/strapi/preview.ts): the
 * content calls again under PREVIEW_API_PREFIX/<admin id>, with `Authorization: Bearer <previewAccessKey>`,
 * a key derived from PREVIEW_SECRET, which the site shares with the CMS to check preview
 * addresses. The site's /api proxy never forwards this prefix.
 */
import { createHmac } from 'node:crypto';

export const PREVIEW_API_PREFIX = '/_preview';
/** The header that names, to Strapi, the admin whose preview the drafts are read for. */
export const PREVIEW_ADMIN_HEADER = 'x-preview-admin';

/** The provider's drafts as the admin whose id is `admin` may read them: where the site asks. */
export function previewApiPrefix(admin: number): string {
  return `${PREVIEW_API_PREFIX}/${admin}`;
}

/** An admin's id as an address names it: a positive integer, else null. */
export function previewAdminOf(text: string | undefined): number | null {
  return text !== undefined && /^[1-9]\d{0,11}$/.test(text) ? Number(text) : null;
}

/** What the site sends as `Authorization: Bearer …` to read drafts: not the secret itself, which also signs addresses. */
export function previewAccessKey(secret: string): string {
  return createHmac('sha256', secret).update('provider drafts').digest('hex');
}
