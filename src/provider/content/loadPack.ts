/**
 * Reads the content pack (one YAML file per kind, zh and en side by side) and validates it
 * against src/contracts/schema/contentPack.ts. Every problem is reported at once, each with
 * its file, field and what was expected; nothing is returned unless the whole pack is good.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import * as v from 'valibot';
import { parse, YAMLParseError } from 'yaml';
import { CONTENT_FILES, type ContentFileName, type ContentPack } from '../../contracts/schema/contentPack';
import { crossFileProblems } from './packRules';

/** The shipped pack: the YAML files in config/content. */
export const DEFAULT_PACK_DIR = join(__dirname, '..', '..', '..', 'config', 'content');

export class ContentPackError extends Error {
  constructor(readonly problems: string[]) {
    super(`The content pack has ${problems.length} problem${problems.length === 1 ? '' : 's'}:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ContentPackError';
  }
}

/** `products[3].zh.name` from a valibot issue path. */
function fieldOf(issue: v.BaseIssue<unknown>): string {
  return (
    (issue.path ?? [])
      .map((step) => (typeof step.key === 'number' ? `[${step.key}]` : `.${String(step.key)}`))
      .join('')
      .replace(/^\./, '') || '(top level)'
  );
}

/** What went wrong with one field, in the words of someone editing the file. */
function describe(issue: v.BaseIssue<unknown>): string {
  if (issue.type === 'strict_object' && issue.expected === 'never') return 'not a field the pack knows (misspelt?)';
  if (issue.type === 'strict_object' && issue.input === undefined) return 'missing, expected this field';
  return `${issue.message}, got ${issue.received}`;
}

/** One file of the pack as parsed YAML, or undefined with its problem noted. */
function readFile(dir: string, name: ContentFileName, problems: string[]): unknown {
  const file = join(dir, `${name}.yaml`);
  const shown = shownPath(file);
  if (!existsSync(file)) {
    problems.push(`${shown}: file missing`);
    return undefined;
  }
  try {
    return parse(readFileSync(file, 'utf8'));
  } catch (error) {
    if (!(error instanceof YAMLParseError)) throw error;
    problems.push(`${shown}: not valid YAML: ${error.message.split('\n')[0]}`);
    return undefined;
  }
}

function shownPath(file: string): string {
  const fromHere = relative(process.cwd(), file);
  return fromHere.startsWith('..') ? file : fromHere;
}

/** The pack's files as read, by name: what a shared copy of the pack stores (sharedPack.ts). */
export type PackFiles = Partial<Record<ContentFileName, unknown>>;

/** Reads the pack's files without validating them (undefined for a file missing or not YAML, with its problem noted). */
export function readPackFiles(dir: string, problems: string[] = []): PackFiles {
  return Object.fromEntries((Object.keys(CONTENT_FILES) as ContentFileName[]).map((name) => [name, readFile(dir, name, problems)]));
}

/**
 * Validates a pack's files, each against its schema and then against one another; `where(name)`
 * names a file in the problems (its path, or the shared copy it came from).
 */
export function packOf(files: PackFiles, where: (name: ContentFileName) => string, problems: string[] = []): ContentPack {
  const parts = (Object.keys(CONTENT_FILES) as ContentFileName[]).map((name) => {
    if (files[name] === undefined) return undefined;
    const result = v.safeParse(CONTENT_FILES[name], files[name], { abortEarly: false });
    if (result.success) return result.output;
    for (const issue of result.issues) problems.push(`${where(name)}: ${fieldOf(issue)}: ${describe(issue)}`);
    return undefined;
  });
  if (problems.length) throw new ContentPackError(problems);
  const pack = Object.assign({}, ...parts) as ContentPack;
  const crossFile = crossFileProblems(pack);
  if (crossFile.length) throw new ContentPackError(crossFile);
  return pack;
}

export function loadContentPack(dir = DEFAULT_PACK_DIR): ContentPack {
  const problems: string[] = [];
  const files = readPackFiles(dir, problems);
  return packOf(files, (name) => shownPath(join(dir, `${name}.yaml`)), problems);
}
