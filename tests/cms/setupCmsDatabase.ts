/** Each cms test file starts its Strapi on a database of its own (tests/cms/database.ts). */
import { dropCmsDatabase, useFreshCmsDatabase } from './database';

beforeAll(() => useFreshCmsDatabase(), 30_000);
afterAll(() => dropCmsDatabase(), 30_000);
