'use strict';

/**
 * Editors and Authors as a content team expects them, set at every start. Strapi makes both roles
 * once, at the first start, with permissions that name their fields but no locales; i18n has by
 * then given every content-type action a `locales` property, and Strapi's own clean-up at the end
 * of that start (cleanPermissionsInDatabase) drops a permission missing all of its properties:
 * Delete and Publish, which have no fields, are gone from both roles. So each start gives them
 * their content-type permissions again: Editors create, read, update, delete and publish every
 * type the site shows, in every locale; Authors the same on what they created, never publishing.
 * Site settings (company name, filing numbers, logo) are for whoever runs the CMS. The roles'
 * other permissions (the media library) stay as they are.
 */
const SETTINGS_TYPE = 'api::site-setting.site-setting';
const PUBLISH = 'plugin::content-manager.explorer.publish';

async function applyContentRoles(strapi, locales) {
  const permissions = strapi.service('admin::permission');
  const roles = strapi.service('admin::role');
  const actions = permissions.actionProvider.values().filter((action) => action.section === 'contentTypes');
  const restrictedSubjects = Object.keys(strapi.contentTypes).filter((uid) => !uid.startsWith('api::') || uid === SETTINGS_TYPE);
  const editor = await Promise.all(
    strapi
      .service('admin::content-type')
      .getPermissionsWithNestedFields(actions, { restrictedSubjects })
      .map(async (permission) =>
        (await permissions.actionProvider.appliesToProperty('locales', permission.action, permission.subject))
          ? { ...permission, properties: { ...permission.properties, locales } }
          : permission,
      ),
  );
  const author = editor.filter(({ action }) => action !== PUBLISH).map((permission) => ({ ...permission, conditions: ['admin::is-creator'] }));
  const contentActions = new Set(actions.map((action) => action.actionId));
  for (const [code, wanted] of [
    ['strapi-editor', editor],
    ['strapi-author', author],
  ]) {
    const role = await roles.findOne({ code });
    if (!role) continue;
    const others = (await permissions.findMany({ where: { role: { id: role.id } } })).filter(({ action }) => !contentActions.has(action));
    await roles.assignPermissions(role.id, [...others, ...wanted]);
  }
}

module.exports = { applyContentRoles };
