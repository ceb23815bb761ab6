'use strict';

/**
 * Strapi's CLI takes the first tsconfig.json of any parent folder for its own, and the site's
 * (one folder up) would make it compile the site as the CMS. This is a JavaScript project: a
 * tsconfig.json outside cms/ does not exist for it. Loaded with `node -r` before the CLI.
 */
const path = require('node:path');
const ts = require('typescript');

const cmsDir = path.resolve(__dirname, '..');
const fileExists = ts.sys.fileExists;
ts.sys.fileExists = (file) => {
  const outside = path.basename(file) === 'tsconfig.json' && !path.resolve(file).startsWith(cmsDir + path.sep);
  return !outside && fileExists(file);
};
