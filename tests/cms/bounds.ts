/**
 * How long a test waits for an editor's change to reach the public site. Every copy the change
 * replaces lives a minute or longer (nginx's and the site's pages 60 s, the provider's last-good
 * memory a day), so a change seen within this bound was carried by the webhook and the purge, not
 * by an expiry. How fast it is (the goal is 5 s; 0.6–3 s on a quiet host) is printed by each test,
 * not asserted: on a busy machine the same purge takes longer, and the test would measure the
 * machine.
 */
export const CARRIED_BY_WEBHOOK_MS = 30_000;

/**
 * How long the tests' provider waits for Strapi (production waits 1 s, half the render deadline).
 * A busy machine (two lanes of `npm test`, another job) can keep Strapi past a second; the tests
 * check what the pages show, so they give it the site's deadline. A test about the timeout itself
 * sets its own.
 */
export const STRAPI_ANSWER_MS = 10_000;
