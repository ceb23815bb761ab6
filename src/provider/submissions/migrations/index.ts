/** The submission schema's migrations, the same on SQLite and PostgreSQL (migrate.ts runs them). */
import { shipped, type MigrationSet } from '../../migrate';
import * as submissions from './001_submissions';
import * as createdAtIndexes from './002_created_at_indexes';
import * as contentPacks from './003_content_packs';
import * as submissionMoves from './004_submission_moves';

export const SUBMISSION_MIGRATIONS: MigrationSet = {
  table: 'submission_migration',
  migrations: [
    shipped(__dirname, '001_submissions', submissions),
    shipped(__dirname, '002_created_at_indexes', createdAtIndexes),
    shipped(__dirname, '003_content_packs', contentPacks),
    shipped(__dirname, '004_submission_moves', submissionMoves),
  ],
};
