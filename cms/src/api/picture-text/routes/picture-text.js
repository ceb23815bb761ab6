'use strict';

/**
 * GET /api/picture-texts?url=/uploads/a.jpg&url=…: the media library's alternative text of the
 * pictures an article's rich text names (the site's read token may call it; it cannot list the
 * library). Strapi checks the token's permission `api::picture-text.picture-text.find`.
 */
module.exports = {
  type: 'content-api',
  routes: [{ method: 'GET', path: '/picture-texts', handler: 'picture-text.find', config: {} }],
};
