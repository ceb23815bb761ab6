/** `npm run staff -- …`: the staff tools (staffTools.ts) on this process's arguments, settings and terminal. */
import { runStaff } from './staffTools';

void runStaff(process.argv.slice(2), {
  env: process.env,
  stdout: (text) => void process.stdout.write(text),
  stderr: (text) => void process.stderr.write(text),
}).then((status) => (process.exitCode = status));
