/** Before the cms files: one seeded Strapi for all of them (seededTemplate.ts). */
export { makeSeededTemplate as default } from './seededTemplate';
