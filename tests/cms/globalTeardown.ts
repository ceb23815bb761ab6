/** After the cms files: the seeded Strapi they copied goes (seededTemplate.ts). */
export { removeSeededTemplate as default } from './seededTemplate';
