import { execFileSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { claimPort, freePort, PORT_CLAIMS } from './freePort.testing';

/** What `claimPort(port)` answers in another process, as a test run beside this one would ask. */
function claimedElsewhere(port: number): boolean {
  const script = `const { claimPort } = require(${JSON.stringify(join(__dirname, 'freePort.testing.ts'))}); process.stdout.write(String(claimPort(${port})));`;
  return execFileSync(process.execPath, ['--import', 'tsx', '-e', script], { encoding: 'utf8' }) === 'true';
}

describe('freePort', () => {
  it('hands a port it drew to no other process while the one that drew it lives', async () => {
    const port = await freePort();
    expect(existsSync(join(PORT_CLAIMS, String(port)))).toBe(true);
    expect(claimedElsewhere(port)).toBe(false);
    expect(claimPort(port)).toBe(false);
  });

  it('frees the claim of a process that is gone for a later draw, not for the one that found it', async () => {
    const port = await freePort();
    const gone = Number(execFileSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }));
    writeFileSync(join(PORT_CLAIMS, String(port)), String(gone));

    expect(claimPort(port)).toBe(false);
    expect(existsSync(join(PORT_CLAIMS, String(port)))).toBe(false);
    expect(claimedElsewhere(port)).toBe(true);
  });
});
