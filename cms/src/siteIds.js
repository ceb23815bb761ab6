'use strict';

const { errors } = require('@strapi/utils');

const FIELD = 'site_id';

/** One more than the highest number of the type, in any language or state. */
async function nextSiteId(strapi, uid) {
  const [last] = await strapi.db.query(uid).findMany({ select: [FIELD], where: { [FIELD]: { $notNull: true } }, orderBy: { [FIELD]: 'desc' }, limit: 1 });
  return (last?.[FIELD] ?? 0) + 1;
}

/**
 * `site_id` is the number in a page's address (/news/12): the CMS gives it, one more than the
 * highest so far, to a document created without one (a copy always gets a new one), and keeps it
 * once the document has a published version, since the address may be linked to by then. The
 * admin panel shows it read-only (adminLabels.json); an empty value sent with an edit keeps it.
 * Two documents created at the same instant may draw the same number: the field's uniqueness
 * then refuses the second, which can simply be saved again.
 */
function assignSiteIds(strapi) {
  strapi.documents.use(async (context, next) => {
    const { contentType, action, params } = context;
    if (!contentType?.attributes?.[FIELD]) return next();
    if (action === 'create' || action === 'clone') {
      params.data = params.data ?? {};
      if (action === 'clone' || params.data[FIELD] == null) params.data[FIELD] = await nextSiteId(strapi, contentType.uid);
    } else if (action === 'update' && params.data && FIELD in params.data) {
      if (params.data[FIELD] == null || params.data[FIELD] === '') delete params.data[FIELD];
      else await refuseChangeOncePublished(strapi, contentType.uid, params.documentId, Number(params.data[FIELD]));
    }
    return next();
  });
}

async function refuseChangeOncePublished(strapi, uid, documentId, wanted) {
  const current = await strapi.db.query(uid).findOne({ select: [FIELD], where: { documentId, [FIELD]: { $notNull: true } } });
  if (!current || current[FIELD] === wanted) return;
  const published = await strapi.db.query(uid).count({ where: { documentId, publishedAt: { $notNull: true } } });
  if (published > 0) throw new errors.ValidationError(`${FIELD} ${current[FIELD]} is in the addresses of a published document and cannot change`);
}

module.exports = { assignSiteIds };
