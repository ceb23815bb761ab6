'use strict';

const { previewHandler } = require('../src/previewUrl');

/**
 * The Preview panel beside the edit form shows the site's page of the entry, drafts included:
 * the site renders a signed, short-lived address (src/previewUrl.js) with PREVIEW_SECRET, which
 * both share. CMS_PREVIEW_URL is the site as the editors' browsers reach it (default
 * CMS_SITE_URL, the address the webhook calls); the admin panel may frame that origin alone.
 */
function preview(env) {
  const secret = env('PREVIEW_SECRET');
  const site = env('CMS_PREVIEW_URL') || env('CMS_SITE_URL');
  if (!secret || !site) return { enabled: false };
  const siteUrl = new URL(site).origin;
  return { enabled: true, config: { allowedOrigins: [siteUrl], handler: previewHandler({ siteUrl, secret }) } };
}

module.exports = ({ env }) => ({
  auth: { secret: env('ADMIN_JWT_SECRET') },
  apiToken: { salt: env('API_TOKEN_SALT') },
  transfer: { token: { salt: env('TRANSFER_TOKEN_SALT') } },
  secrets: { encryptionKey: env('ENCRYPTION_KEY') },
  // No network here: no surveys, no promotions.
  flags: { nps: false, promoteEE: false },
  // The parity test runs the API alone, without building the admin panel.
  serveAdminPanel: env.bool('CMS_SERVE_ADMIN', true),
  preview: preview(env),
});
