'use strict';

const path = require('node:path');

/** SQLite in CMS_DATA_DIR by default; DATABASE_CLIENT=postgres with DATABASE_URL for a server. */
module.exports = ({ env }) => {
  const client = env('DATABASE_CLIENT', 'sqlite');
  const connection =
    client === 'postgres'
      ? { connectionString: env('DATABASE_URL'), schema: env('DATABASE_SCHEMA', 'public') }
      : { filename: path.resolve(env('CMS_DATA_DIR', path.join(__dirname, '..', '.tmp')), 'data.db') };
  return { connection: { client, connection, useNullAsDefault: client === 'sqlite' } };
};
