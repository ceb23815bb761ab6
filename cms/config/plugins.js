'use strict';

/**
 * Uploads: pictures, video and PDF only, the types the site's /uploads/ answers
 * (src/http/uploadTypes.ts; tests/cms/uploads.test.ts holds the two lists together).
 * Strapi types a file by its content, its extension and what the browser declared; where they
 * disagree it may go by the content alone (a declared application/octet-stream), yet it stores
 * and serves the file under its own name. So pages, scripts and SVG are also denied by name:
 * `a.html` starting with a PNG's bytes is refused, not served as a page from Strapi's origin.
 */
const ALLOWED_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif', 'video/mp4', 'video/webm', 'application/pdf'];
const DENIED_TYPES = [
  'text/*',
  'image/svg+xml',
  'application/xhtml+xml',
  'application/xml',
  'application/javascript',
  'application/x-javascript',
  'application/ecmascript',
];

module.exports = ({ env }) => ({
  upload: {
    config: {
      sizeLimit: env.int('CMS_UPLOAD_LIMIT', 50 * 1024 * 1024),
      security: { allowedTypes: ALLOWED_TYPES, deniedTypes: DENIED_TYPES },
    },
  },
});
