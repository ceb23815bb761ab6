/** The lint rules that keep the plan of the code: no import cycle, and the layers' directions. */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = join(__dirname, '..');

interface LintCase {
  /** The folder the config's paths are read from: the project, or a scratch folder. */
  cwd: string;
  /** Written to disk before linting (both ends of a cycle must be there). */
  onDisk?: Record<string, string>;
  /** Linted in memory, as if at that path. */
  texts: [path: string, text: string][];
}

/**
 * The rules each text broke, case by case, text by text: one ESLint process lints them all
 * (eslintConfig.testing.mjs), since ESLint loads its config with import(), which Jest cannot run.
 */
function rulesBroken(cases: LintCase[]): RulesBroken[] {
  const out = execFileSync(process.execPath, [join(__dirname, 'eslintConfig.testing.mjs')], { input: JSON.stringify(cases), encoding: 'utf8' });
  const said = JSON.parse(out) as { ruleId: string | null; message: string }[][][];
  return said.map((texts) => texts.map((messages) => messages.map((message) => message.ruleId)));
}

/** By text: the rules it broke. */
type RulesBroken = (string | null)[][];

const value = (specifier: string) => `import * as other from '${specifier}';\nexport const used = other;\n`;
const typeOnly = (specifier: string) => `import type * as other from '${specifier}';\nexport type Used = typeof other;\n`;
const paths = 'import-x/no-restricted-paths';
const typesOnly = '@typescript-eslint/no-restricted-imports';

describe('the lint config', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'lint-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  const cycle = {
    'src/server/cycleA.ts': "import { b } from './cycleB';\nexport const a = () => b;\n",
    'src/server/cycleB.ts': "import { a } from './cycleA';\nexport const b = () => a;\n",
  };
  const typeCycle = {
    'src/server/typeA.ts': "import { b } from './typeB';\nexport const a = () => b;\n",
    'src/server/typeB.ts': "import type { a } from './typeA';\nexport const b = (f: typeof a) => f;\n",
  };
  const feature = 'src/features/shared/probe.ts';
  const layers: [path: string, text: string, broken: string[]][] = [
    [feature, value('../rootReducer'), [typesOnly]],
    [feature, value('../deps'), [typesOnly]],
    [feature, `${typeOnly('../rootReducer')}import type { Deps } from '../deps';\nexport type D = Deps;\n`, []],
    ['src/features/deps.ts', value('../app/rootSaga'), [paths]],
    ['src/features/rootReducer.ts', value('../app/services'), [paths]],
    ['src/provider/submissions/probe.ts', value('../staff/cli'), [paths]],
    ['src/provider/submissions/probe.ts', value('../strapi/source'), [paths]],
    ['src/provider/content/probe.ts', value('../submissions/store'), [paths]],
    ['src/provider/content/migrations/probe.ts', value('../../strapi/source'), [paths]],
    ['src/provider/strapi/probe.ts', value('../staff/audit'), [paths]],
    ['src/provider/probe.ts', value('./staff/audit'), [paths]],
    ['src/provider/submissions/probe.ts', value('../content/loadPack'), []],
    ['src/provider/strapi/probe.ts', value('../content/contentSource'), []],
    ['src/provider/staff/probe.ts', value('../submissions/store'), []],
    ['src/features/shared/probe.ts', value('../chunks/actions'), [paths]],
    ['src/features/product/probe.ts', value('../navigation/selectors'), [paths]],
    ['src/features/navigation/probe.ts', value('../product/selectors'), []],
    ['src/server/render/probe.ts', value('../../provider/app'), [paths]],
    ['src/http/probe.ts', value('../server/app'), [paths]],
  ];

  let broken: [cycle: RulesBroken, typeCycle: RulesBroken, layers: RulesBroken];
  beforeAll(() => {
    broken = rulesBroken([
      { cwd: join(scratch, 'cycle'), onDisk: cycle, texts: [['src/server/cycleA.ts', cycle['src/server/cycleA.ts']]] },
      { cwd: join(scratch, 'typeCycle'), onDisk: typeCycle, texts: [['src/server/typeA.ts', typeCycle['src/server/typeA.ts']]] },
      { cwd: ROOT, texts: layers.map(([path, text]) => [path, text]) },
    ]) as typeof broken;
  }, 120_000);

  it('finds a cycle between TypeScript modules, and none closed by a type import', () => {
    expect(broken[0]).toEqual([['import-x/no-cycle']]);
    expect(broken[1]).toEqual([[]]);
  });

  it.each(layers.map(([path, text, expected], index) => [path, text.split("'")[1], expected, index] as const))(
    '%s importing %s breaks %j',
    (_path, _specifier, expected, index) => {
      expect(broken[2][index]).toEqual(expected);
    },
  );
});
