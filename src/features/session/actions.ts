import { createAction } from '@reduxjs/toolkit';

/** Cookies of the template's login state (a `token` cookie is sent as the `token` header), cleared on 403 and logout. */
export const SESSION_COOKIES = ['token', 'userInfo'] as const;

/**
 * The template's login state was cleared (403, logout). No visible page logs in, so the store
 * keeps no login state: this event is what DevTools and the tests see of it.
 */
export const sessionCleared = createAction('session/cleared');

/** The bare layout's logout button. */
export const logoutRequested = createAction('session/logoutRequested');
