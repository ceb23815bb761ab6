// Lints texts with the project's ESLint config and prints what each rule said, as JSON. It runs
// in a process of its own: ESLint loads its config with import(), which Jest's modules cannot run.
// stdin: [{ cwd, onDisk: { path: text }, texts: [[path, text]] }], paths relative to cwd; stdout:
// for each case, for each text, [{ ruleId, message }]. The onDisk files are written first (a
// cycle needs both ends on disk); the texts are linted in memory, as if at their path.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import process from 'node:process';
import { ESLint } from 'eslint';

const configFile = join(import.meta.dirname, 'eslint.config.mjs');
const cases = JSON.parse(readFileSync(0, 'utf8'));
const results = [];
for (const { cwd, onDisk = {}, texts } of cases) {
  for (const [path, text] of Object.entries(onDisk)) {
    mkdirSync(dirname(join(cwd, path)), { recursive: true });
    writeFileSync(join(cwd, path), text);
  }
  const eslint = new ESLint({ cwd, overrideConfigFile: configFile });
  const said = [];
  for (const [path, text] of texts) {
    const [result] = await eslint.lintText(text, { filePath: join(cwd, path) });
    said.push(result.messages.map(({ ruleId, message }) => ({ ruleId, message })));
  }
  results.push(said);
}
process.stdout.write(JSON.stringify(results));
