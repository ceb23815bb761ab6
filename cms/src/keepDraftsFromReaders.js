'use strict';

// Strapi's documented way to answer an error from custom code (a dependency of @strapi/strapi).
const { errors } = require('@strapi/utils');

const READS = new Set(['findMany', 'findFirst', 'findOne', 'count']);
/** The seed's read-only token the site renders previews with (src/provider/strapi/seed/seedStrapi.ts). */
const PREVIEW_TOKEN = 'site preview (drafts)';

/**
 * Strapi lets any API token allowed to `find` ask for `?status=draft`, and a draft is not public
 * yet: only a full-access token (the content seed's) and the site's preview token read drafts
 * through the Content API. The site's token can only read, so it sees what is published. The
 * admin panel signs in otherwise. Only a Super Admin can name a token (Settings → API Tokens).
 */
function keepDraftsFromReaders(strapi) {
  strapi.documents.use(async (context, next) => {
    if (context.params?.status === 'draft' && READS.has(context.action)) {
      const auth = strapi.requestContext.get()?.state?.auth;
      if (auth?.strategy?.name === 'content-api-token' && auth.credentials?.type !== 'full-access' && auth.credentials?.name !== PREVIEW_TOKEN) {
        throw new errors.ForbiddenError('This token reads published content only');
      }
    }
    return next();
  });
}

module.exports = { keepDraftsFromReaders, PREVIEW_TOKEN };
