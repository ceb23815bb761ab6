'use strict';

const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreService('api::home-page.home-page');
