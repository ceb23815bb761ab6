/**
 * The embedded content pack's tables, in each host's SQLite file: texts by key, categories,
 * products, news, notices, jobs and members, each per locale. News and jobs keep their optional
 * fields (SEO, a picture's alternative text) as a JSON object in `extras`. The schema the
 * numbered SQL migrations had reached (version 6).
 */
import type { AnyDatabase } from '../../migrate';

export async function up(db: AnyDatabase): Promise<void> {
  await db.schema
    .createTable('content')
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('locale', 'text', (c) => c.notNull())
    .addColumn('json', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('content_pkey', ['key', 'locale'])
    .execute();
  await db.schema
    .createTable('categories')
    .addColumn('id', 'integer', (c) => c.notNull())
    .addColumn('locale', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('categories_pkey', ['id', 'locale'])
    .execute();
  await db.schema
    .createTable('products')
    .addColumn('id', 'integer', (c) => c.notNull())
    .addColumn('locale', 'text', (c) => c.notNull())
    .addColumn('classify_id', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('pics', 'text', (c) => c.notNull())
    .addColumn('json', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('products_pkey', ['id', 'locale'])
    .execute();
  await db.schema.createIndex('products_by_category').on('products').columns(['locale', 'classify_id', 'id']).execute();
  await db.schema
    .createTable('news')
    .addColumn('id', 'integer', (c) => c.notNull())
    .addColumn('locale', 'text', (c) => c.notNull())
    .addColumn('pic', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('des', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('create_time', 'text', (c) => c.notNull())
    .addColumn('extras', 'text', (c) => c.notNull().defaultTo('{}'))
    .addPrimaryKeyConstraint('news_pkey', ['id', 'locale'])
    .execute();
  await db.schema
    .createTable('notices')
    .addColumn('id', 'integer', (c) => c.notNull())
    .addColumn('locale', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('create_time', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('notices_pkey', ['id', 'locale'])
    .execute();
  await db.schema
    .createTable('jobs')
    .addColumn('id', 'integer', (c) => c.notNull())
    .addColumn('locale', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('num', 'integer', (c) => c.notNull())
    .addColumn('area', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('create_time', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('extras', 'text', (c) => c.notNull().defaultTo('{}'))
    .addPrimaryKeyConstraint('jobs_pkey', ['id', 'locale'])
    .execute();
  await db.schema
    .createTable('members')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('pic', 'text', (c) => c.notNull())
    .execute();
}
