/**
 * The staff tools run in the test's own process, as `npm run staff -- …` runs them but without
 * starting Node, tsx and the database drivers again for every command (about 0.6 s of CPU each).
 * The tests that need a real process (its exit status, a signal, a tool killed mid-move) spawn cli.ts.
 */
import { join } from 'node:path';
import { runStaff } from './staffTools';

/** Node's arguments that start the tools as `npm run staff --` does (then the tools' own). */
export const STAFF_CLI = ['--import', 'tsx', join(__dirname, 'cli.ts')];

export interface StaffOutcome {
  status: number;
  stdout: string;
  stderr: string;
}

/** Settings the tools read from their process, not from the env they are given (StaffIo). */
const PROCESS_SETTINGS = /^(?:DATABASE_STATEMENT_TIMEOUT_MS|PATH|PG\w+)$/;

/** `npm run staff -- …args` with `env` as its environment: what it printed and its exit status. */
export async function staffTool(args: string[], env: NodeJS.ProcessEnv): Promise<StaffOutcome> {
  // Given here, they would be ignored and a test of them would pass without testing anything.
  for (const name of new Set([...Object.keys(env), ...Object.keys(process.env)]))
    if (PROCESS_SETTINGS.test(name) && env[name] !== process.env[name]) throw new Error(`staffTool cannot set ${name}: spawn cli.ts with it`);
  let stdout = '';
  let stderr = '';
  try {
    const status = await runStaff(args, { env, stdout: (text) => (stdout += text), stderr: (text) => (stderr += text) });
    return { status, stdout, stderr };
  } catch (error) {
    // What Node does with the error cli.ts leaves unhandled: its stack on stderr, exit status 1.
    return { status: 1, stdout, stderr: `${stderr}${(error as Error).stack ?? String(error)}\n` };
  }
}

/** A command that must succeed: its output, or an error carrying what it said on stderr. */
export async function staffSucceeds(args: string[], env: NodeJS.ProcessEnv): Promise<StaffOutcome> {
  const outcome = await staffTool(args, env);
  if (outcome.status !== 0) throw new Error(`staff ${args.join(' ')} failed: ${outcome.stderr}`);
  return outcome;
}
