/**
 * Replaces the content of an existing database with a pack, in one transaction, and says
 * what changed. Only the content tables are touched; submissions never are.
 */
import type { ProviderDatabase } from '../sqliteDatabase';
import type { ContentPack } from '../../contracts/schema/contentPack';
import { seedDatabase } from './seed';

/** Each content table with the columns that identify a row. */
export const CONTENT_TABLES = {
  content: ['key', 'locale'],
  categories: ['id', 'locale'],
  products: ['id', 'locale'],
  news: ['id', 'locale'],
  notices: ['id', 'locale'],
  jobs: ['id', 'locale'],
  members: ['id'],
} as const;

type Table = keyof typeof CONTENT_TABLES;

export interface TableChanges {
  added: string[];
  changed: string[];
  removed: string[];
}

export type ImportReport = Record<Table, TableChanges>;

function snapshot(db: ProviderDatabase, table: Table): Map<string, string> {
  const keyColumns: readonly string[] = CONTENT_TABLES[table];
  const rows = db.prepare(`SELECT * FROM ${table}`).all() as Record<string, unknown>[];
  return new Map(rows.map((row) => [keyColumns.map((c) => String(row[c])).join('/'), JSON.stringify(row)]));
}

function compare(before: Map<string, string>, after: Map<string, string>): TableChanges {
  return {
    added: [...after.keys()].filter((key) => !before.has(key)),
    changed: [...after.keys()].filter((key) => before.has(key) && before.get(key) !== after.get(key)),
    removed: [...before.keys()].filter((key) => !after.has(key)),
  };
}

export function importPack(db: ProviderDatabase, pack: ContentPack): ImportReport {
  const tables = Object.keys(CONTENT_TABLES) as Table[];
  return db.transaction(() => {
    const before = tables.map((table) => snapshot(db, table));
    for (const table of tables) db.exec(`DELETE FROM ${table}`);
    seedDatabase(db, pack);
    return Object.fromEntries(tables.map((table, i) => [table, compare(before[i]!, snapshot(db, table))])) as ImportReport;
  })();
}

export function totals(report: ImportReport): { added: number; changed: number; removed: number } {
  const all = Object.values(report);
  const sum = (kind: keyof TableChanges) => all.reduce((n, t) => n + t[kind].length, 0);
  return { added: sum('added'), changed: sum('changed'), removed: sum('removed') };
}

/** The report as a staff member reads it: one line per table that changed, keys listed. */
export function formatReport(report: ImportReport): string {
  const lines = Object.entries(report)
    .filter(([, t]) => t.added.length + t.changed.length + t.removed.length > 0)
    .map(([table, t]) => {
      const list = (keys: string[]) => (keys.length ? ` (${keys.slice(0, 8).join(', ')}${keys.length > 8 ? ', …' : ''})` : '');
      return `  ${table.padEnd(11)} added ${t.added.length}${list(t.added)}, changed ${t.changed.length}${list(t.changed)}, removed ${t.removed.length}${list(t.removed)}`;
    });
  const { added, changed, removed } = totals(report);
  return [
    ...(lines.length ? lines : ['  no differences']),
    `Total: ${added} added, ${changed} changed, ${removed} removed (rows are per item and language).`,
  ].join('\n');
}
