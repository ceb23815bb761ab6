'use strict';

module.exports = ({ env }) => ({
  host: env('CMS_HOST', '127.0.0.1'),
  port: env.int('CMS_PORT', 1337),
  app: { keys: env.array('APP_KEYS') },
  // No network here: no update checks.
  logger: { updates: { enabled: false } },
});
