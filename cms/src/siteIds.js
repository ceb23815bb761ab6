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
 * (strapi_core_store_settings, key plugin_site-ids_<uid>), so it outlives a restart. It is made
 * at start (one process, before any request), so that a number is only ever claimed by changing
 * that one row from the value it was read with: two creates at the same instant, in the same
 * language or not, cannot both claim it (field uniqueness alone is per language in Strapi 5).
 */
const markOf = (uid) => ({ key: `plugin_site-ids_${uid}`, environment: null, tag: null });
const markRows = (strapi, uid) => strapi.db.query(STORE).findMany({ where: markOf(uid) });
const highestRow = (rows) => rows.reduce((best, row) => (best && Number(best.value) >= Number(row.value) ? best : row), null);

async function ensureMark(strapi, uid) {
  if (highestRow(await markRows(strapi, uid))) return;
  await strapi.db.query(STORE).create({ data: { ...markOf(uid), type: 'number', value: String(await highestInUse(strapi, uid)) } });
}

/**
 * Moves the mark from what it holds to `wanted(held)` if no one moved it meanwhile, else reads it
 * again; `wanted` returning the value held leaves it. Returns the value the mark took.
 */
async function moveMark(strapi, uid, wanted) {
  for (;;) {
    const row = highestRow(await markRows(strapi, uid));
    const next = await wanted(Number(row.value));
    if (next === Number(row.value)) return next;
    const { count } = await strapi.db.query(STORE).updateMany({ where: { id: row.id, value: row.value }, data: { value: String(next) } });
    if (count > 0) return next;
  }
}

/** The next number of the type: past the mark and every number in use, claimed by moving the mark to it. */
const claimNumber = (strapi, uid) => moveMark(strapi, uid, async (held) => Math.max(held, await highestInUse(strapi, uid)) + 1);

/** Raises the mark to `number`, never lowers it. */
async function raiseMark(strapi, uid, number) {
  if (!Number.isInteger(number) || number < 1) return;
  await moveMark(strapi, uid, (held) => Math.max(held, number));
}

/**
 * Who may give a number: a full-access API token (the seed, an import keeping an existing site's
 * addresses) and the CMS's own code (no request). Every person in the admin panel, Super Admin,
 * Editor or Author, and every other token, gets the CMS's number whatever they send.
 */
function mayGiveNumbers(strapi) {
  const auth = strapi.requestContext.get()?.state?.auth;
  if (!auth) return true;
  return auth.strategy?.name === 'content-api-token' && auth.credentials?.type === 'full-access';
}

/**
 * `site_id` is the number in a page's address (/news/12), one per document: its languages share
 * it (a field not localized, copied by Strapi to a language added later). A number is never given
 * twice within a type, even after its document is deleted: visitors, bookmarks and search engines
 * may still hold the address of a deleted page, which must not come to show another. So the CMS
 * keeps, per type, a mark that survives restarts: the highest number the type has ever held,
 * raised whenever a document gets a number and, before a document is deleted, to its number
 * (which covers a number written around the CMS, or before the mark existed). A new document (a
 * copy included) gets the next number past the mark and every number in use; gaps are normal.
 * A number sent by a person is ignored, on create and on edit (the panel shows it read-only,
 * adminLabels.json, and sends it back with the form). Only an import (mayGiveNumbers) gives its
 * own, and may change it until the document is first published, since the address may be linked
 * to by then.
 */
function assignSiteIds(strapi) {
  strapi.documents.use(async (context, next) => {
    const { contentType, action, params } = context;
    if (!contentType?.attributes?.[FIELD]) return next();
    const { uid } = contentType;
    if (action === 'create' || action === 'clone') {
      params.data = params.data ?? {};
      const given = action === 'create' && mayGiveNumbers(strapi) && params.data[FIELD] != null;
      params.data[FIELD] = given ? Number(params.data[FIELD]) : await claimNumber(strapi, uid);
      const result = await next();
      if (given) await raiseMark(strapi, uid, params.data[FIELD]);
      return result;
    }
    if (action === 'update' && params.data && FIELD in params.data) {
      if (params.data[FIELD] == null || params.data[FIELD] === '' || !mayGiveNumbers(strapi)) {
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

/** Every type with a number has its mark before the first request (assignSiteIds). */
async function ensureSiteIdMarks(strapi) {
  for (const [uid, contentType] of Object.entries(strapi.contentTypes)) if (contentType.attributes?.[FIELD]) await ensureMark(strapi, uid);
}

/** The document's number now (null for none or a new document); refused if it is to change once published. */
async function refuseChangeOncePublished(strapi, uid, documentId, wanted) {
  const current = await numberOf(strapi, uid, documentId);
  if (current === null || current === wanted) return current;
  const published = await strapi.db.query(uid).count({ where: { documentId, publishedAt: { $notNull: true } } });
  if (published > 0) throw new errors.ValidationError(`${FIELD} ${current} is in the addresses of a published document and cannot change`);
  return current;
}

module.exports = { assignSiteIds, ensureSiteIdMarks };
