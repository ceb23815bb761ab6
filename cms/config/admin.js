'use strict';

/** The site's page for a document: what "Open preview" shows (the published page). */
const PAGES = {
  'api::news-article.news-article': (id) => `/news/${id}`,
  'api::product.product': (id) => `/product/${id}`,
  'api::job.job': (id) => `/resources/${id}`,
  'api::notice.notice': (id) => `/news/noticedetail/${id}`,
  'api::product-category.product-category': () => '/product',
  'api::publication.publication': () => '/news',
  'api::about-page.about-page': () => '/about',
  'api::innovation-page.innovation-page': () => '/innovation',
  'api::people-page.people-page': () => '/resources',
  'api::report-page.report-page': () => '/report',
  'api::patient-page.patient-page': () => '/patient',
  'api::privacy-notice.privacy-notice': () => '/privacy',
};

module.exports = ({ env }) => ({
  auth: { secret: env('ADMIN_JWT_SECRET') },
  apiToken: { salt: env('API_TOKEN_SALT') },
  transfer: { token: { salt: env('TRANSFER_TOKEN_SALT') } },
  secrets: { encryptionKey: env('ENCRYPTION_KEY') },
  // No network here: no surveys, no promotions.
  flags: { nps: false, promoteEE: false },
  // The parity test runs the API alone, without building the admin panel.
  serveAdminPanel: env.bool('CMS_SERVE_ADMIN', true),
  preview: {
    enabled: Boolean(env('CMS_SITE_URL')),
    config: {
      allowedOrigins: env('CMS_SITE_URL') ? [new URL(env('CMS_SITE_URL')).origin] : [],
      async handler(uid, { documentId, locale }) {
        const page = PAGES[uid];
        if (!page) return null;
        const document = await strapi.documents(uid).findOne({ documentId, locale, status: 'published' });
        const path = page(document?.site_id);
        return new URL(`${locale === 'en' ? '/en' : ''}${path === '/' ? '' : path}` || '/', env('CMS_SITE_URL')).href;
      },
    },
  },
});
