'use strict';

const LABELS = require('./adminLabels.json');

/**
 * The admin panel shows a field's name unless told otherwise, and names like `des` or `over_pic`
 * mean nothing to an editor. adminLabels.json gives every field of every content type and
 * component a label and a description (and `editable: false` where the server fills the value);
 * it is applied at every start, so a change made in the panel's "Configure the view" does not
 * outlive a restart and the labels stay code-reviewed.
 */
async function applyAdminLabels(strapi) {
  const contentManager = strapi.plugin('content-manager');
  for (const [uid, fields] of Object.entries(LABELS)) {
    const isContentType = uid.startsWith('api::');
    const model = isContentType ? strapi.contentTypes[uid] : strapi.components[uid];
    if (!model) {
      strapi.log.warn(`adminLabels.json names ${uid}, which does not exist`);
      continue;
    }
    for (const field of Object.keys(model.attributes)) {
      if (!fields[field] && !isSystemField(field)) strapi.log.warn(`${uid}.${field} has no label in adminLabels.json`);
    }
    const service = contentManager.service(isContentType ? 'content-types' : 'components');
    const { metadatas } = await service.findConfiguration(model);
    const labelled = { ...metadatas };
    for (const [field, { label, description, editable = true }] of Object.entries(fields)) {
      if (!labelled[field]) continue;
      labelled[field] = { ...labelled[field], edit: { ...labelled[field].edit, label, description, editable }, list: { ...labelled[field].list, label } };
    }
    await service.updateConfiguration(model, { metadatas: labelled });
  }
}

/** Strapi's own fields (dates, authors, language), which its panel labels itself. */
const SYSTEM_FIELDS = new Set(['id', 'documentId', 'createdAt', 'updatedAt', 'publishedAt', 'createdBy', 'updatedBy', 'locale', 'localizations']);
const isSystemField = (field) => SYSTEM_FIELDS.has(field);

module.exports = { applyAdminLabels };
