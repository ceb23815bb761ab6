'use strict';

/**
 * What makes the admin panel an editor's tool: labelled fields, numbers given by the CMS, one
 * category per product, and pictures described before they go public.
 */
const { applyAdminLabels } = require('./adminLabels');
const { assignSiteIds, ensureSiteIdMarks } = require('./siteIds');
const { shareProductCategory } = require('./sharedCategory');
const { askForAlternativeText } = require('./describedPictures');

async function editorAdmin(strapi) {
  assignSiteIds(strapi);
  await ensureSiteIdMarks(strapi);
  shareProductCategory(strapi);
  askForAlternativeText(strapi);
  await applyAdminLabels(strapi);
}

module.exports = { editorAdmin };
