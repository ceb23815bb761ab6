'use strict';

const path = require('node:path');

/**
 * SQLite in CMS_DATA_DIR by default; DATABASE_CLIENT=postgres with CMS_DATABASE_URL for a server.
 * Not DATABASE_URL: that names the provider's submissions database, and an operator who exported
 * it in the shell that runs `npm run cms` would otherwise put Strapi's tables in it.
 */
module.exports = ({ env }) => {
  const client = env('DATABASE_CLIENT', 'sqlite');
  if (client === 'postgres' && !env('CMS_DATABASE_URL')) {
    throw new Error(
      'DATABASE_CLIENT=postgres needs CMS_DATABASE_URL (postgres://…) for the CMS; DATABASE_URL is the submissions database and is not read here',
    );
  }
  const connection =
    client === 'postgres'
      ? { connectionString: env('CMS_DATABASE_URL'), schema: env('DATABASE_SCHEMA', 'public') }
      : { filename: path.resolve(env('CMS_DATA_DIR', path.join(__dirname, '..', '.tmp')), 'data.db') };
  return { connection: { client, connection, useNullAsDefault: client === 'sqlite' } };
};
