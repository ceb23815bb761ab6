/**
 * The company's Strapi in cms/: installed on demand, given its secrets on first use (cms/.env,
 * 0600), and started as a child process that answers once its health check does.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { appendFileSync, copyFileSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { defaultStoreDir, INSTALLED_LOCK, keepModules, restoreModules } from './modulesStore';

export const CMS_DIR = join(__dirname, '..', '..', 'cms');
const ENV_FILE = join(CMS_DIR, '.env');
const STRAPI_BIN = join(CMS_DIR, 'node_modules', '@strapi', 'strapi', 'bin', 'strapi.js');
/** Strapi's CLI, told that cms/ is a JavaScript project (cms/scripts/jsProject.js). */
const STRAPI_CLI = ['-r', join(CMS_DIR, 'scripts', 'jsProject.js'), STRAPI_BIN];
/** What `strapi start` runs, without the CLI around it (cms/scripts/start.js). */
const STRAPI_START = join(CMS_DIR, 'scripts', 'start.js');
const ADMIN_BUILD_DIR = join(CMS_DIR, 'build');
/** The Strapi version the admin panel in build/ was made with (a dotfile: Strapi does not serve it). */
const BUILT_WITH = '.strapi-version';

/** No network here, nor wanted: no telemetry, no update checks. */
const QUIET = { STRAPI_TELEMETRY_DISABLED: 'true', STRAPI_PLUGIN_I18N_INIT_LOCALE_CODE: 'zh', BROWSER: 'none' };

const secret = (bytes = 24) => randomBytes(bytes).toString('base64url');

const SQLITE_DRIVER = 'better-sqlite3';

/**
 * Installs cms/node_modules from its lock file when missing, older than the lock, or without its SQLite
 * driver: linked from this machine's store when another clone installed the same lock, else `npm ci`.
 */
export function ensureCmsInstalled(): void {
  const installed = join(CMS_DIR, 'node_modules', INSTALLED_LOCK);
  const driverBuilt = existsSync(join(CMS_DIR, 'node_modules', SQLITE_DRIVER, 'build', 'Release', 'better_sqlite3.node'));
  if (driverBuilt && existsSync(installed) && statSync(installed).mtimeMs >= statSync(join(CMS_DIR, 'package-lock.json')).mtimeMs) return;
  const store = defaultStoreDir();
  if (restoreModules(CMS_DIR, store)) return console.log(`The CMS's packages (cms/node_modules) linked from ${store}`);
  console.log('Installing the CMS (cms/, once)…');
  installCms();
  keepModules(CMS_DIR, store);
}

function installCms(): void {
  const driver = siteSqliteDriver();
  npm(['ci', '--no-audit', '--no-fund', ...(driver ? ['--ignore-scripts'] : [])]);
  if (!driver) return;
  // Installed without scripts: the SQLite driver takes the site's binary, the others allowed run theirs.
  const allowed = (JSON.parse(readFileSync(join(CMS_DIR, 'package.json'), 'utf8')) as { allowScripts?: Record<string, boolean> }).allowScripts ?? {};
  const others = Object.keys(allowed).filter((name) => allowed[name] && name !== SQLITE_DRIVER);
  if (others.length > 0) npm(['rebuild', ...others]);
  const target = join(CMS_DIR, 'node_modules', SQLITE_DRIVER, 'build', 'Release');
  mkdirSync(target, { recursive: true });
  copyFileSync(driver, join(target, 'better_sqlite3.node'));
  const loads = spawnSync(process.execPath, ['-e', `new (require('${SQLITE_DRIVER}'))(':memory:').close()`], { cwd: CMS_DIR, stdio: 'ignore' });
  if (loads.status !== 0) npm(['rebuild', SQLITE_DRIVER]);
}

/**
 * better-sqlite3 has no prebuilt binary reachable from here, so npm compiles it from source: about
 * a minute of CPU, once for the site and again for cms/. When cms/ locks the version the site has
 * built, the site's binary (same machine, same Node) is the one cms/ gets; null otherwise.
 */
function siteSqliteDriver(): string | null {
  const site = join(CMS_DIR, '..', 'node_modules', SQLITE_DRIVER);
  const binary = join(site, 'build', 'Release', 'better_sqlite3.node');
  const lock = JSON.parse(readFileSync(join(CMS_DIR, 'package-lock.json'), 'utf8')) as { packages: Record<string, { version?: string }> };
  const locked = lock.packages[`node_modules/${SQLITE_DRIVER}`]?.version;
  if (!locked || !existsSync(binary)) return null;
  const built = (JSON.parse(readFileSync(join(site, 'package.json'), 'utf8')) as { version: string }).version;
  return built === locked ? binary : null;
}

function npm(args: string[]): void {
  const result = spawnSync('npm', args, { cwd: CMS_DIR, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`npm ${args[0]} in cms/ failed`);
}

/** Fresh secrets for a new Strapi, its first administrator and the webhook. */
export function newCmsSecrets(): Record<string, string> {
  return {
    APP_KEYS: [secret(), secret(), secret(), secret()].join(','),
    ADMIN_JWT_SECRET: secret(),
    API_TOKEN_SALT: secret(),
    TRANSFER_TOKEN_SALT: secret(),
    JWT_SECRET: secret(),
    ENCRYPTION_KEY: secret(),
    CMS_ADMIN_EMAIL: 'admin@example.com',
    // Strapi asks for upper and lower case and a digit.
    CMS_ADMIN_PASSWORD: `Cms-${secret(12)}-9a`,
    CMS_WEBHOOK_SECRET: secret(),
    PREVIEW_SECRET: secret(32),
  };
}

/** Secrets added since cms/.env was first made: given to an older file rather than left unset. */
const ADDED_SECRETS = ['PREVIEW_SECRET'];

/** cms/.env: the secrets of newCmsSecrets(), made once and kept. */
export function cmsEnvironment(): Record<string, string> {
  if (!existsSync(ENV_FILE)) {
    writeFileSync(
      ENV_FILE,
      Object.entries(newCmsSecrets())
        .map(([key, value]) => `${key}=${value}\n`)
        .join(''),
      { mode: 0o600 },
    );
  }
  const fresh = newCmsSecrets();
  const missing = ADDED_SECRETS.filter((key) => !new RegExp(`^${key}=`, 'm').test(readFileSync(ENV_FILE, 'utf8')));
  if (missing.length > 0) appendFileSync(ENV_FILE, missing.map((key) => `${key}=${fresh[key]}\n`).join(''));
  return Object.fromEntries(
    readFileSync(ENV_FILE, 'utf8')
      .split('\n')
      .map((line) => /^([A-Z0-9_]+)=(.*)$/.exec(line.trim()))
      .filter((match): match is RegExpExecArray => match !== null)
      .map(([, key, value]) => [key!, value!]),
  );
}

/** The version of Strapi installed in cms/node_modules. */
export function installedStrapiVersion(): string {
  return (JSON.parse(readFileSync(join(CMS_DIR, 'node_modules', '@strapi', 'strapi', 'package.json'), 'utf8')) as { version: string }).version;
}

/**
 * Why the admin panel in buildDir must be built again, or null when it is the installed
 * Strapi's: after an upgrade the old panel would keep being served, and talk to a server that
 * changed under it.
 */
export function adminRebuildReason(buildDir: string, installed: string): string | null {
  if (!existsSync(join(buildDir, 'index.html'))) return 'not built yet';
  const stamp = join(buildDir, BUILT_WITH);
  const builtWith = existsSync(stamp) ? readFileSync(stamp, 'utf8').trim() : '';
  if (!builtWith) return `built with an unknown Strapi version, Strapi ${installed} is installed`;
  return builtWith === installed ? null : `built with Strapi ${builtWith}, Strapi ${installed} is installed`;
}

/**
 * DATABASE_URL names the provider's submissions database: Strapi is never given it, whoever set
 * it. Its own is CMS_DATABASE_URL (cms/config/database.js).
 */
const withoutSubmissionsDatabase = ({ DATABASE_URL: _submissions, ...env }: NodeJS.ProcessEnv): NodeJS.ProcessEnv => env;

function strapiBuild(): void {
  const result = spawnSync(process.execPath, [...STRAPI_CLI, 'build'], {
    cwd: CMS_DIR,
    stdio: 'inherit',
    env: { ...withoutSubmissionsDatabase(process.env), ...QUIET, NODE_ENV: 'production' },
  });
  if (result.status !== 0) throw new Error('strapi build failed');
}

export interface AdminBuild {
  buildDir: string;
  installed: string;
  build(): void;
  log(line: string): void;
}

/**
 * Builds the admin panel (a few minutes) when it is missing or another Strapi's, and notes the
 * version it was built with; the API runs without it. Answers why it built, or null.
 */
export function ensureAdminBuilt({
  buildDir = ADMIN_BUILD_DIR,
  installed = installedStrapiVersion(),
  build = strapiBuild,
  log = console.log,
}: Partial<AdminBuild> = {}): string | null {
  const reason = adminRebuildReason(buildDir, installed);
  if (reason === null) return null;
  log(`Building the CMS admin panel (${reason}; a few minutes)…`);
  build();
  writeFileSync(join(buildDir, BUILT_WITH), `${installed}\n`);
  return reason;
}

export interface CmsOptions {
  port: number;
  /**
   * Where its SQLite database, its uploads (public/uploads) and its temporary files (tmp) live;
   * default cms/.tmp, cms/public and the machine's. A Strapi with a folder of its own shares no
   * file with another.
   */
  dataDir?: string;
  serveAdmin?: boolean;
  /** Strapi's secrets and first administrator; default: cms/.env (made on first use). */
  secrets?: Record<string, string>;
  /** The site Strapi tells of every change (its webhook). */
  siteUrl?: string;
  output?: 'inherit' | 'ignore';
}

export interface RunningCms {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/**
 * The environment Strapi starts with: the shell's settings win over cms/.env's (e.g. the first
 * administrator), given secrets win over both, and DATABASE_URL is left out of all of them.
 */
export function strapiEnvironment(
  { port, dataDir, serveAdmin = true, secrets, siteUrl }: Omit<CmsOptions, 'output'>,
  shell: NodeJS.ProcessEnv = process.env,
  envFile: () => Record<string, string> = cmsEnvironment,
): NodeJS.ProcessEnv {
  return {
    ...withoutSubmissionsDatabase(secrets ? { ...shell, ...secrets } : { ...envFile(), ...shell }),
    ...QUIET,
    NODE_ENV: 'production',
    CMS_PORT: String(port),
    CMS_SERVE_ADMIN: String(serveAdmin),
    // Its temporary files too: those of an upload Strapi refuses are never removed.
    ...(dataDir ? { CMS_DATA_DIR: dataDir, CMS_PUBLIC_DIR: join(dataDir, 'public'), TMPDIR: join(dataDir, 'tmp') } : {}),
    ...(siteUrl ? { CMS_SITE_URL: siteUrl } : {}),
  };
}

export async function startCms({ output = 'inherit', ...options }: CmsOptions): Promise<RunningCms> {
  const { port, dataDir } = options;
  const env = strapiEnvironment(options);
  // Strapi's upload provider refuses to start without its folder; os.tmpdir() does not make one.
  if (dataDir) for (const dir of [join(env.CMS_PUBLIC_DIR!, 'uploads'), env.TMPDIR!]) mkdirSync(dir, { recursive: true });
  const child = spawn(process.execPath, [STRAPI_START], { cwd: CMS_DIR, stdio: ['ignore', output, output], env });
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Strapi stopped while starting (exit ${child.exitCode})`);
    const healthy = await fetch(`${url}/_health`).then(
      (r) => r.ok,
      () => false,
    );
    if (healthy) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error('Strapi did not answer within 120 s');
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    url,
    child,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
