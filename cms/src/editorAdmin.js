'use strict';

/** What makes the admin panel an editor's tool: labelled fields, numbers given by the CMS, one category per product. */
const { applyAdminLabels } = require('./adminLabels');
const { assignSiteIds, ensureSiteIdMarks } = require('./siteIds');
const { shareProductCategory } = require('./sharedCategory');

async function editorAdmin(strapi) {
  assignSiteIds(strapi);
  await ensureSiteIdMarks(strapi);
  shareProductCategory(strapi);
  await applyAdminLabels(strapi);
}

module.exports = { editorAdmin };
