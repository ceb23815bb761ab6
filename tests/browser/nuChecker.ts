/**
 * The W3C Nu HTML checker (vnu.jar from the vnu-jar package), offline: it refuses localhost URLs,
 * so pages are saved and checked as files.
 */
import { execFileSync } from 'node:child_process';

// vnu-jar is CommonJS: its export is the jar's path.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const VNU_JAR = String(require('vnu-jar'));

interface VnuMessage {
  type: string;
  url: string;
  message: string;
}

/**
 * The checker's errors in the files, by file name (a file it could not read counts: a
 * non-document-error). One run for all of them: the JVM's start and warm-up cost more than the
 * checking. A short-lived run compiles with C1 only (half the CPU), on a thread stack deep enough
 * for the HTML schema.
 */
export function nuCheckerErrors(files: string[]): Map<string, string[]> {
  let output = '';
  try {
    const java = ['-Xss4m', '-XX:TieredStopAtLevel=1', '-XX:+UseSerialGC', '-jar', VNU_JAR, '--errors-only', '--format', 'json'];
    execFileSync('java', [...java, ...files], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (error) {
    // vnu exits 1 when it finds errors and writes its JSON report to stderr.
    output = String((error as { stderr?: string }).stderr ?? '');
    if (!output.trim().startsWith('{')) throw error;
  }
  const byFile = new Map<string, string[]>();
  const messages = output ? (JSON.parse(output) as { messages: VnuMessage[] }).messages : [];
  for (const { type, url, message } of messages.filter((m) => m.type !== 'info')) {
    const name = url.split('/').pop()!;
    byFile.set(name, [...(byFile.get(name) ?? []), `${type}: ${message}`]);
  }
  return byFile;
}
