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

function readFile(dir: string, name: ContentFileName, problems: string[]): unknown {
  const file = join(dir, `${name}.yaml`);
  const fromHere = relative(process.cwd(), file);
  const shown = fromHere.startsWith('..') ? file : fromHere;
  if (!existsSync(file)) {
    problems.push(`${shown}: file missing`);
    return undefined;
  }
  let data: unknown;
  try {
    data = parse(readFileSync(file, 'utf8'));
  } catch (error) {
    if (!(error instanceof YAMLParseError)) throw error;
    problems.push(`${shown}: not valid YAML: ${error.message.split('\n')[0]}`);
    return undefined;
  }
  const result = v.safeParse(CONTENT_FILES[name], data, { abortEarly: false });
  if (result.success) return result.output;
  for (const issue of result.issues) problems.push(`${shown}: ${fieldOf(issue)}: ${describe(issue)}`);
  return undefined;
}

export function loadContentPack(dir = DEFAULT_PACK_DIR): ContentPack {
  const problems: string[] = [];
  const parts = (Object.keys(CONTENT_FILES) as ContentFileName[]).map((name) => readFile(dir, name, problems));
  if (problems.length) throw new ContentPackError(problems);
  const pack = Object.assign({}, ...parts) as ContentPack;
  const crossFile = crossFileProblems(pack);
  if (crossFile.length) throw new ContentPackError(crossFile);
  return pack;
}
