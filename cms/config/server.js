'use strict';

module.exports = ({ env }) => ({
  host: env('CMS_HOST', '127.0.0.1'),
  port: env.int('CMS_PORT', 1337),
  app: { keys: env.array('APP_KEYS') },
  // Uploads go to <public>/uploads: a Strapi started with a data folder of its own keeps them there.
  dirs: { public: env('CMS_PUBLIC_DIR', './public') },
  // No network here: no update checks.
  logger: { updates: { enabled: false } },
  // The site's webhook secret lives in the environment only, not in the webhook's database row
  // (src/index.js), where a backup or a database reader would find it. Strapi adds these headers
  // to every webhook's calls: a webhook added in the panel for another receiver would get it too.
  webhooks: { defaultHeaders: env('CMS_WEBHOOK_SECRET') ? { Authorization: `Bearer ${env('CMS_WEBHOOK_SECRET')}` } : {} },
});
