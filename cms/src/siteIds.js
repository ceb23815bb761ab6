'use strict';

const { errors } = require('@strapi/utils');

const FIELD = 'site_id';
const STORE = 'strapi::core-store';

/** The highest number of the type in use, in any language or state (0 when none). */
async function highestInUse(strapi, uid) {
  const [last] = await strapi.db.query(uid).findMany({ select: [FIELD], where: { [FIELD]: { $notNull: true } }, orderBy: { [FIELD]: 'desc' }, limit: 1 });
  return last?.[FIELD] ?? 0;
}

/** The number a document holds (in any language or state), or null. */
async function numberOf(strapi, uid, documentId) {
  const entry = await strapi.db.query(uid).findOne({ select: [FIELD], where: { documentId, [FIELD]: { $notNull: true } } });
  return entry?.[FIELD] ?? null;
}

/**
 * The type's mark, the highest number it has ever held, is a row of Strapi's core store
 * (strapi_core_store_settings, key plugin_site-ids_<uid>), so it outlives a restart. Normally one
 * row: two first-ever raises at the same instant may each write one, so the highest counts.
 */
const markOf = (uid) => ({ key: `plugin_site-ids_${uid}`, environment: null, tag: null });
const markRows = (strapi, uid) => strapi.db.query(STORE).findMany({ where: markOf(uid) });
const highestRow = (rows) => rows.reduce((best, row) => (best && Number(best.value) >= Number(row.value) ? best : row), null);

async function readMark(strapi, uid) {
  return Number(highestRow(await markRows(strapi, uid))?.value ?? 0);
}

/** Raises the mark to `number`, never lowers it: the row changes only if it still holds what was read. */
async function raiseMark(strapi, uid, number) {
  if (!Number.isInteger(number) || number < 1) return;
  for (;;) {
    const row = highestRow(await markRows(strapi, uid));
    if (!row) {
      await strapi.db.query(STORE).create({ data: { ...markOf(uid), type: 'number', value: String(number) } });
      return;
    }
    if (Number(row.value) >= number) return;
    const { count } = await strapi.db.query(STORE).updateMany({ where: { id: row.id, value: row.value }, data: { value: String(number) } });
    if (count > 0) return;
  }
}

/**
 * `site_id` is the number in a page's address (/news/12). A number is never given twice within a
 * type, even after its document is deleted: visitors, bookmarks and search engines may still hold
 * the address of a deleted page, which must not come to show another. So the CMS keeps, per type,
 * a mark that survives restarts (raiseMark): the highest number the type has ever held, raised
 * whenever a document gets a number (created, copied, imported or seeded with one, or edited to
 * another) and, before a document is deleted, to its number (which covers a number written
 * around the CMS, or before the mark existed). A document created without a number (a copy
 * always) gets one more than the higher of the mark and the highest number in use; gaps are
 * normal. The number is kept once the document has a published version, since the address may
 * be linked to by then. The admin panel shows it read-only (adminLabels.json); an empty value
 * sent with an edit keeps it. Two documents created at the same instant may draw the same
 * number: the field's uniqueness then refuses the second, which can simply be saved again.
 */
function assignSiteIds(strapi) {
  strapi.documents.use(async (context, next) => {
    const { contentType, action, params } = context;
    if (!contentType?.attributes?.[FIELD]) return next();
    const { uid } = contentType;
    if (action === 'create' || action === 'clone') {
      params.data = params.data ?? {};
      if (action === 'clone' || params.data[FIELD] == null) params.data[FIELD] = Math.max(await highestInUse(strapi, uid), await readMark(strapi, uid)) + 1;
      const result = await next();
      await raiseMark(strapi, uid, Number(params.data[FIELD]));
      return result;
    }
    if (action === 'update' && params.data && FIELD in params.data) {
      if (params.data[FIELD] == null || params.data[FIELD] === '') {
        delete params.data[FIELD];
        return next();
      }
      const wanted = Number(params.data[FIELD]);
      const current = await refuseChangeOncePublished(strapi, uid, params.documentId, wanted);
      const result = await next();
      await raiseMark(strapi, uid, Math.max(wanted, current ?? 0));
      return result;
    }
    if (action === 'delete' && params?.documentId) await raiseMark(strapi, uid, await numberOf(strapi, uid, params.documentId));
    return next();
  });
}

/** The document's number now (null for none or a new document); refused if it is to change once published. */
async function refuseChangeOncePublished(strapi, uid, documentId, wanted) {
  const current = await numberOf(strapi, uid, documentId);
  if (current === null || current === wanted) return current;
  const published = await strapi.db.query(uid).count({ where: { documentId, publishedAt: { $notNull: true } } });
  if (published > 0) throw new errors.ValidationError(`${FIELD} ${current} is in the addresses of a published document and cannot change`);
  return current;
}

module.exports = { assignSiteIds };
