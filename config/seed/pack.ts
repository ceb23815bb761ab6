/**
 * The seed content pack of the embedded provider: a fictional maker of topical medicines,
 * every text in Chinese and English. Media live in config/seed/media (made by makeMedia.ts).
 */
import type { SeedPack } from './types';
import { categories, products } from './content/products';
import { news, notices, publicationTop, publications } from './content/news';
import * as company from './content/company';
import * as people from './content/people';

export const seedPack: SeedPack = {
  ...company,
  ...people,
  categories,
  products,
  news,
  notices,
  publicationTop,
  publications,
};
