/**
 * `npm run content:import -- [--data-dir data] [--pack config/content]`: validates the pack,
 * then replaces the content of the existing database in one transaction and reports the
 * differences. A bad pack changes nothing (exit code 1, every problem listed).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '../database';
import { ContentPackError, DEFAULT_PACK_DIR, loadContentPack } from '../../../config/content/loadPack';
import { formatReport, importPack } from './importPack';

function main(): number {
  const { values } = parseArgs({ options: { 'data-dir': { type: 'string', default: process.env.DATA_DIR ?? 'data' }, pack: { type: 'string', default: DEFAULT_PACK_DIR } } });
  const dataDir = values['data-dir'];
  const file = join(dataDir, 'provider.sqlite');
  if (!existsSync(file)) {
    console.error(`No database at ${file}. Check --data-dir (the site's DATA_DIR), or start the site once to create it.`);
    return 1;
  }
  let pack;
  try {
    pack = loadContentPack(values.pack);
  } catch (error) {
    if (!(error instanceof ContentPackError)) throw error;
    console.error(`${error.message}\nNothing was imported.`);
    return 1;
  }
  const db = openDatabase(dataDir, pack);
  try {
    const report = importPack(db, pack);
    console.log(`Imported ${values.pack} into ${file}:\n${formatReport(report)}\nSubmissions were not touched. The site shows the change within its 60-second page cache.`);
  } finally {
    db.close();
  }
  return 0;
}

process.exitCode = main();
