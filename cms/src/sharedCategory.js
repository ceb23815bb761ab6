'use strict';

const PRODUCT = 'api::product.product';
const CATEGORY = 'api::product-category.product-category';
const ACTIONS = new Set(['create', 'update', 'publish']);

const inState = (published) => ({ publishedAt: published ? { $notNull: true } : { $null: true } });

/**
 * A product's category is one fact for all its languages. Strapi 5 localizes every relation (its
 * i18n plugin ignores `localized: false` on one: product zh points at category zh, product en at
 * category en), so this keeps them together: after a product is saved or published in one
 * language, its other languages in the same state (draft or published) point at the same category
 * in their own language; a language added later takes the category the others have. A language
 * the category has no version in yet is left as it is. The other languages are written directly,
 * as Strapi's own sync of unlocalized fields does, so no webhook is sent for them.
 */
function shareProductCategory(strapi) {
  strapi.documents.use(async (context, next) => {
    if (context.contentType?.uid !== PRODUCT || !ACTIONS.has(context.action)) return next();
    const { documentId, locale } = context.params;
    const existed = Boolean(documentId && typeof locale === 'string') && (await strapi.db.query(PRODUCT).count({ where: { documentId, locale } })) > 0;
    const result = await next();
    const entry = result?.entries?.[0] ?? result;
    if (entry?.documentId && entry.locale) await share(strapi, entry.documentId, entry.locale, !existed);
    return result;
  });
}

async function share(strapi, documentId, locale, isNewLanguage) {
  const rows = await strapi.db
    .query(PRODUCT)
    .findMany({ where: { documentId }, select: ['id', 'locale', 'publishedAt'], populate: { category: { select: ['documentId'] } } });
  for (const published of [false, true]) {
    const same = rows.filter((row) => Boolean(row.publishedAt) === published);
    const source = same.find((row) => row.locale === locale);
    if (!source) continue;
    let wanted = source.category?.documentId ?? null;
    if (!wanted && isNewLanguage) wanted = same.find((row) => row.category)?.category.documentId ?? null;
    for (const row of same) {
      if ((row.category?.documentId ?? null) === wanted) continue;
      const target =
        wanted && (await strapi.db.query(CATEGORY).findOne({ select: ['id'], where: { documentId: wanted, locale: row.locale, ...inState(published) } }));
      if (wanted && !target) continue;
      await strapi.db.query(PRODUCT).update({ where: { id: row.id }, data: { category: target ? target.id : null } });
    }
  }
}

module.exports = { shareProductCategory };
