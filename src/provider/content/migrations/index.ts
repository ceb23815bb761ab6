/** The content pack's tables, SQLite only: migrations of their own, beside the submission schema's. */
import { shipped, type MigrationSet } from '../../migrate';
import * as content from './001_content';

export const CONTENT_MIGRATIONS: MigrationSet = { table: 'content_migration', migrations: [shipped(__dirname, '001_content', content)] };
