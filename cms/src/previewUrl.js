'use strict';

/**
 * The site's preview of an entry (Strapi's Preview panel, config/admin.js): the page that shows
 * the entry, in the entry's language, as a signed address the site renders with drafts (or with
 * what is published, from the panel's Published tab). The address names the admin who asked for
 * it: the site reads the drafts that admin may read and no others (previewRights.js). The
 * signature is HMAC-SHA256 of the version, the path, the expiry and the admin's id with
 * PREVIEW_SECRET, which the site shares (src/server/preview/previewSignature.ts checks it); the address
 * expires after a few minutes, so one copied out of the panel soon stops showing unpublished text.
 */
const { createHmac } = require('node:crypto');

const LIFETIME_SECONDS = 5 * 60;

/** Single types and the collections that have no page of their own: the page that shows them. */
const PAGE_OF_TYPE = {
  'api::site-setting.site-setting': '/',
  'api::home-page.home-page': '/',
  'api::banner.banner': '/',
  'api::about-page.about-page': '/about',
  'api::innovation-page.innovation-page': '/innovation',
  'api::people-page.people-page': '/resources',
  'api::report-page.report-page': '/report',
  'api::patient-page.patient-page': '/patient',
  'api::privacy-notice.privacy-notice': '/privacy',
  'api::publication.publication': '/news',
  'api::product-category.product-category': '/product',
};

/** Collections with a page per entry: the number in its address is the entry's site_id. */
const DETAIL_OF_TYPE = {
  'api::news-article.news-article': '/news/',
  'api::product.product': '/product/',
  'api::job.job': '/resources/',
  'api::notice.notice': '/news/noticedetail/',
};

/** A page banner names its page (the enumeration of its `page` field). */
const PAGE_OF_BANNER = { home: '/', product: '/product', innovation: '/innovation', news: '/news', resources: '/resources', report: '/report' };

/** The route table's path of the page that shows the document, or null when none does. */
async function pagePath(strapi, uid, { documentId, locale, status }) {
  if (PAGE_OF_TYPE[uid]) return PAGE_OF_TYPE[uid];
  const detail = DETAIL_OF_TYPE[uid];
  if (!detail && uid !== 'api::page-banner.page-banner') return null;
  const document = await strapi.documents(uid).findOne({ documentId, locale: locale ?? undefined, status: status ?? 'draft' });
  if (!document) return null;
  if (!detail) return PAGE_OF_BANNER[document.page] ?? null;
  return Number.isInteger(document.site_id) ? `${detail}${document.site_id}` : null;
}

/** English lives under /en on the site; everything else is Chinese, the default language. */
const localized = (path, locale) => (locale === 'en' ? `/en${path}` : path);

/** The signature the site checks: HMAC-SHA256 over "<status>\n<path>\n<expires>\n<admin>", hex. */
function signPreview(status, path, expires, admin, secret) {
  return createHmac('sha256', secret).update(`${status}\n${path}\n${expires}\n${admin}`).digest('hex');
}

/**
 * The site's signed preview address of a page path (with its /en prefix) for the admin whose id is
 * `admin`: `status` says which version the panel shows, the drafts that admin may read (its Draft
 * tab) or what visitors see (its Published tab).
 */
function previewUrl(siteUrl, status, path, admin, secret, now = Date.now()) {
  const expires = Math.floor(now / 1000) + LIFETIME_SECONDS;
  const url = new URL('/preview', siteUrl);
  url.searchParams.set('status', status);
  url.searchParams.set('path', path);
  url.searchParams.set('expires', String(expires));
  url.searchParams.set('admin', String(admin));
  url.searchParams.set('signature', signPreview(status, path, expires, admin, secret));
  return url.href;
}

/** The signed-in admin of the request the panel made (Strapi's admin authentication), or null. */
function askingAdmin(strapi) {
  const id = strapi.requestContext?.get()?.state?.user?.id;
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * Strapi's preview handler: the signed address for (uid, {documentId, locale, status}) and the
 * admin asking, or null (the panel then offers no preview). Strapi is the global one, there by
 * the time an editor asks.
 */
function previewHandler({ siteUrl, secret }) {
  return async (uid, params) => {
    const strapi = globalThis.strapi;
    const admin = askingAdmin(strapi);
    if (admin === null) return null;
    const path = await pagePath(strapi, uid, params);
    const status = params.status === 'published' ? 'published' : 'draft';
    return path === null ? null : previewUrl(siteUrl, status, localized(path, params.locale), admin, secret);
  };
}

module.exports = { previewHandler, previewUrl, signPreview, LIFETIME_SECONDS };
