'use strict';

const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreService('api::privacy-notice.privacy-notice');
