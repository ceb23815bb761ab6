'use strict';

const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreController('api::people-page.people-page');
