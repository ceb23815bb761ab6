/**
 * How long a test's calls wait for a stand-in for Strapi that answers at once: a limit for a
 * stand-in that hangs, not a measure. Under the client's default (a second), a machine busy with
 * other lanes aborted a call the stand-in then answered, and its late request showed up in the next
 * test's record.
 */
export const STAND_IN_ANSWER_MS = 10_000;
