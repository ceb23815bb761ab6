'use strict';

/**
 * Start-up chores of the company's CMS: both languages exist (zh is the default, set by
 * STRAPI_PLUGIN_I18N_INIT_LOCALE_CODE on first start), the first administrator comes from
 * CMS_ADMIN_EMAIL and CMS_ADMIN_PASSWORD, uploads are stored as given (the site makes its
 * own upright, sized copies of every picture), and every change calls the site (CMS_SITE_URL) with
 * CMS_WEBHOOK_SECRET so it drops the pages that show it. Editors and Authors get back, at every
 * start, the content permissions Strapi's first start loses (contentRoles.js); the site's tokens
 * made before the picture-texts route gain it (pictureTextsGrant.js).
 */
const { keepDraftsFromReaders } = require('./keepDraftsFromReaders');
const { previewRights } = require('./previewRights');
const { editorAdmin } = require('./editorAdmin');
const { applyContentRoles } = require('./contentRoles');
const { grantPictureTexts } = require('./pictureTextsGrant');

const LOCALES = [
  { code: 'zh', name: 'Chinese (zh)' },
  { code: 'en', name: 'English (en)' },
];

async function ensureLocales(strapi) {
  const locales = strapi.plugin('i18n').service('locales');
  const existing = new Set((await locales.find()).map((locale) => locale.code));
  for (const locale of LOCALES) if (!existing.has(locale.code)) await locales.create(locale);
  const fallback = await locales.getDefaultLocale();
  if (fallback !== 'zh') await locales.setDefaultLocale({ code: 'zh' });
}

async function ensureFirstAdmin(strapi) {
  const email = process.env.CMS_ADMIN_EMAIL;
  const password = process.env.CMS_ADMIN_PASSWORD;
  if (!email || !password) return;
  const users = strapi.service('admin::user');
  if ((await users.count()) > 0) return;
  const superAdmin = await strapi.service('admin::role').getSuperAdmin();
  await users.create({ email, password, firstname: 'Site', lastname: 'Administrator', isActive: true, roles: [superAdmin.id] });
  strapi.log.info(`First administrator ${email} created`);
}

/**
 * Strapi's image settings stay off, the panel's switches included. The site makes the copies its
 * pages show (src/server/media/pictures.ts): each slot's widths, AVIF/WebP, turned upright by the EXIF
 * orientation; Strapi's responsive formats would be copies nobody asks for, and its size
 * optimisation re-encodes the original at quality 80, a second loss under the site's own.
 * Auto-orientation stays off too: without size optimisation Strapi re-encodes at quality 100 and
 * keeps the original whenever that comes out larger, which a phone photo's usually does, so it
 * would turn some pictures and not others. The original keeps its EXIF, which browsers follow.
 */
async function keepUploadsAsGiven(strapi) {
  const upload = strapi.plugin('upload').service('upload');
  const settings = (await upload.getSettings()) ?? {};
  if (settings.responsiveDimensions === false && settings.sizeOptimization === false && settings.autoOrientation === false) return;
  await upload.setSettings({ ...settings, responsiveDimensions: false, sizeOptimization: false, autoOrientation: false });
}

const SITE_WEBHOOK = 'site pages';
const WEBHOOK_PATH = '/_internal/cms/webhook';
const WEBHOOK_EVENTS = ['entry.create', 'entry.update', 'entry.delete', 'entry.publish', 'entry.unpublish', 'media.create', 'media.update', 'media.delete'];

/**
 * The webhook is configuration, kept here rather than in the admin panel: the admin API refuses
 * a private address in production, and the site usually is one (the same host or network). Its
 * row holds no headers: the secret is added from the environment (config/server.js), and a row
 * written before that, with the secret in it, is replaced.
 */
async function ensureSiteWebhook(strapi) {
  const site = process.env.CMS_SITE_URL;
  if (!site || !process.env.CMS_WEBHOOK_SECRET) return;
  const wanted = { name: SITE_WEBHOOK, url: new URL(WEBHOOK_PATH, site).href, headers: {}, events: WEBHOOK_EVENTS };
  const store = strapi.get('webhookStore');
  const runner = strapi.get('webhookRunner');
  let current = false;
  for (const hook of await store.findWebhooks()) {
    if (hook.name !== SITE_WEBHOOK) {
      if (hook.isEnabled) strapi.log.warn(`Webhook "${hook.name}" is sent the site's secret too (server.webhooks.defaultHeaders)`);
      continue;
    }
    if (!current && hook.url === wanted.url && Object.keys(hook.headers ?? {}).length === 0 && hook.isEnabled) {
      current = true;
      continue;
    }
    await store.deleteWebhook(hook.id);
    runner.remove(hook);
  }
  if (current) return;
  runner.add(await store.createWebhook(wanted));
  strapi.log.info(`Changes are sent to ${wanted.url}`);
}

let rights;

module.exports = {
  register({ strapi }) {
    keepDraftsFromReaders(strapi);
    rights = previewRights(strapi);
  },
  async bootstrap({ strapi }) {
    rights.subscribe();
    await ensureLocales(strapi);
    await ensureFirstAdmin(strapi);
    await keepUploadsAsGiven(strapi);
    await ensureSiteWebhook(strapi);
    await applyContentRoles(
      strapi,
      LOCALES.map((locale) => locale.code),
    );
    await editorAdmin(strapi);
    await grantPictureTexts(strapi);
  },
};
