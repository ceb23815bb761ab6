/**
 * The calls of the fake api (store.testing.ts `fakeApi`) that had no fake. Kept apart, with no
 * imports, so that config/jest/setupClient.ts can check them after every client test without
 * loading the state machine before a test's own module mocks.
 */
const calls: string[] = [];

export const recordUnexpectedApiCall = (name: string): void => void calls.push(name);

/** The api calls without a fake since the last look (a test that expects one takes it). */
export const takeUnexpectedApiCalls = (): string[] => calls.splice(0);

/**
 * Fails if the fake api was called without a fake since the last look: even a saga that catches
 * the rejection (the root saga's restart wrapper) cannot hide the call.
 */
export function expectNoUnexpectedApiCalls(): void {
  const unexpected = takeUnexpectedApiCalls();
  if (unexpected.length > 0) throw new Error(`The api was called without a fake: ${unexpected.join(', ')}`);
}
