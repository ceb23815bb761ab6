'use strict';

/**
 * `strapi start` of this JavaScript project, without the CLI around it: the CLI loads every
 * command's modules and, through jsProject.js, TypeScript, for 0.6 s of CPU per start that the
 * server does not use (what `strapi start` runs is this one call). `npm start` in cms/ still runs
 * the CLI; the site's tools (config/cms/cms.ts) start Strapi with this.
 */
const path = require('node:path');
const { createStrapi } = require('@strapi/strapi');

const cmsDir = path.resolve(__dirname, '..');
createStrapi({ appDir: cmsDir, distDir: cmsDir }).start();
