'use strict';

module.exports = ({ env }) => ({
  auth: { secret: env('ADMIN_JWT_SECRET') },
  apiToken: { salt: env('API_TOKEN_SALT') },
  transfer: { token: { salt: env('TRANSFER_TOKEN_SALT') } },
  secrets: { encryptionKey: env('ENCRYPTION_KEY') },
  // No network here: no surveys, no promotions.
  flags: { nps: false, promoteEE: false },
  // The parity test runs the API alone, without building the admin panel.
  serveAdminPanel: env.bool('CMS_SERVE_ADMIN', true),
});
