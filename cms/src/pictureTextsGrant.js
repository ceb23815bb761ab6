'use strict';

/**
 * The site's tokens made before the picture-texts route (cms/src/api/picture-text) gain it at the
 * next start: without it the site shows the file names Strapi's editor writes as the alt of
 * pictures in rich text. New tokens get it when they are seeded (src/provider/strapi/seed/seedStrapi.ts).
 * Only custom tokens of these names are touched, and only by adding that one read.
 */
const { PREVIEW_TOKEN } = require('./keepDraftsFromReaders');

const SITE_TOKEN = 'site (read-only)';
const PICTURE_TEXTS = 'api::picture-text.picture-text.find';

async function grantPictureTexts(strapi) {
  const tokens = strapi.service('admin::api-token-content-api');
  for (const name of [SITE_TOKEN, PREVIEW_TOKEN]) {
    const token = await tokens.getByName(name);
    if (!token || token.type !== 'custom' || token.permissions.includes(PICTURE_TEXTS)) continue;
    try {
      await tokens.update(token.id, { permissions: [...token.permissions, PICTURE_TEXTS] });
      strapi.log.info(`The API token "${name}" may now read the media library's texts of the pictures it names`);
    } catch (error) {
      // An optional grant never keeps the CMS from starting (a token holding an action a release
      // removed fails Strapi's check of the whole list): the site keeps the editor's alt meanwhile.
      strapi.log.warn(`The API token "${name}" could not be given the media library's texts (${error.message}); grant it in Settings → API Tokens`);
    }
  }
}

module.exports = { grantPictureTexts, PICTURE_TEXTS, SITE_TOKEN };
