'use strict';

/**
 * A preview shows what its admin may read, nothing more. The site's provider reads drafts with the
 * preview token and names, in `X-Preview-Admin`, the admin whose signed preview it renders (the
 * site checked the signature: src/server/preview/previewSignature.ts). Such a read answers, per document,
 * its draft when that admin may read it in the content manager, else its published version, else
 * nothing: what the admin's own Strapi permissions say (plugin::content-manager.explorer.read and
 * its conditions, such as the Author's admin::is-creator), derived by Strapi's permission engine,
 * never from the role's name. Lists, details, counts and single types alike, so a list preview and
 * its pages agree. The preview token reading drafts without naming an admin is refused.
 */
const { AsyncLocalStorage } = require('node:async_hooks');

const READS = new Set(['findMany', 'findFirst', 'findOne', 'count']);
const ADMIN_HEADER = 'x-preview-admin';
/** A role or a user changed in the panel shows in the previews within this time. */
const RULE_SECONDS = 5;

/** The admin's id from the header: a positive integer, else null. */
function adminOf(value) {
  return typeof value === 'string' && /^[1-9]\d{0,11}$/.test(value) ? Number(value) : null;
}

/** The admin's ability (Strapi's permission engine), or null when they may no longer sign in. */
async function abilityOf(strapi, admin) {
  const user = await strapi.db.query('admin::user').findOne({ where: { id: admin }, populate: ['roles'] });
  if (!user || user.isActive !== true || user.blocked === true) return null;
  return strapi.service('admin::permission').engine.generateUserAbility(user);
}

/**
 * What an admin with `ability` may read of `uid` as drafts: 'all', 'none', or the filters
 * (Strapi's query language) their conditional permissions give, as the content manager's list
 * applies them.
 */
async function readRule(strapi, ability, uid) {
  if (!ability) return 'none';
  const checker = strapi.plugin('content-manager').service('permission-checker').create({ userAbility: ability, model: uid });
  if (checker.cannot.read()) return 'none';
  const { filters } = await checker.sanitizedQuery.read({});
  return filters && Object.keys(filters).length > 0 ? { filters } : 'all';
}

/**
 * The database's `where` of a draft read made to show, for each document, the draft when its
 * documentId is among `readable` and the published version otherwise.
 */
function draftsOrPublished(where, readable) {
  const rest = Object.fromEntries(Object.entries(where).filter(([key]) => key !== 'publishedAt'));
  const versions = {
    $or: [
      { publishedAt: { $null: true }, documentId: { $in: readable } },
      { publishedAt: { $notNull: true }, documentId: { $notIn: readable } },
    ],
  };
  return Object.keys(rest).length > 0 ? { $and: [rest, versions] } : versions;
}

/** The database's filter of every populated query (`filters({meta})`) without its status condition. */
function withoutStatus(filters) {
  return (context) => {
    const given = filters(context);
    if (!given || typeof given !== 'object' || !('publishedAt' in given)) return given;
    return Object.fromEntries(Object.entries(given).filter(([key]) => key !== 'publishedAt'));
  };
}

/** A database query of drafts: the document service's lookup of `status: 'draft'`. */
const readsDrafts = (where) => where?.publishedAt?.$null === true;

/** Strapi's errors and the preview token's name: given by the unit test, which runs without Strapi installed. */
function strapiParts() {
  return { errors: require('@strapi/utils').errors, previewToken: require('./keepDraftsFromReaders').PREVIEW_TOKEN };
}

function previewRights(strapi, { errors, previewToken } = strapiParts()) {
  /** The conditional rule of the document read in progress, for the database's lifecycle below. */
  const narrowing = new AsyncLocalStorage();
  // A preview's page reads a dozen types at once: the admin's ability is computed once for them all.
  const abilities = new Map();

  function ruleOf(admin, uid) {
    const kept = abilities.get(admin);
    const ability = kept && kept.until > Date.now() ? kept.ability : abilityOf(strapi, admin);
    if (ability !== kept?.ability) {
      abilities.set(admin, { ability, until: Date.now() + RULE_SECONDS * 1000 });
      ability.catch(() => abilities.delete(admin));
      if (abilities.size > 1000) abilities.delete(abilities.keys().next().value);
    }
    return ability.then((found) => readRule(strapi, found, uid));
  }

  strapi.documents.use(async (context, next) => {
    if (context.params?.status !== 'draft' || !READS.has(context.action)) return next();
    const request = strapi.requestContext.get();
    const auth = request?.state?.auth;
    if (auth?.strategy?.name !== 'content-api-token') return next();
    const named = request.get?.(ADMIN_HEADER) || undefined;
    const admin = adminOf(named);
    if (named !== undefined && admin === null) throw new errors.ValidationError(`${ADMIN_HEADER} must name an admin by id`);
    if (admin === null) {
      if (auth.credentials?.name === previewToken) throw new errors.ForbiddenError(`The preview token reads drafts for an admin named in ${ADMIN_HEADER}`);
      return next();
    }
    const rule = await ruleOf(admin, context.uid);
    if (rule === 'all') return next();
    if (rule === 'none') {
      context.params = { ...context.params, status: 'published' };
      return next();
    }
    return narrowing.run({ uid: context.uid, filters: rule.filters }, next);
  });

  // The document service always reads one status; the mix of both is made in its database query
  // (subscribed at bootstrap, once the database is there).
  const narrow = async (event) => {
    const rule = narrowing.getStore();
    const { params } = event;
    if (!rule || event.model?.uid !== rule.uid || !readsDrafts(params?.where)) return;
    const lookup = { publishedAt: null, ...(typeof params.where.locale === 'string' ? { locale: params.where.locale } : {}) };
    const readable = await narrowing.exit(() => strapi.db.query(rule.uid).findMany({ where: { $and: [lookup, rule.filters] }, select: ['documentId'] }));
    params.where = draftsOrPublished(params.where, [...new Set(readable.map((row) => row.documentId))]);
    // The query's status filter (`status` of the Content API) asks every row, and every populated
    // row of a type with drafts, for drafts: a published version's relations are its published
    // targets (Strapi links each version to the same version of its targets), so it goes.
    if (typeof params.filters === 'function') params.filters = withoutStatus(params.filters);
  };
  return { subscribe: () => strapi.db.lifecycles.subscribe({ beforeFindMany: narrow, beforeFindOne: narrow, beforeCount: narrow }) };
}

module.exports = { previewRights, draftsOrPublished, withoutStatus, adminOf, readRule, ADMIN_HEADER };
