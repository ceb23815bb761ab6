/**
 * How long a test waits for an editor's change to reach the public site. Every copy the change
 * replaces lives a minute or longer (nginx's and the site's pages 60 s, the provider's last-good
 * memory a day), so a change seen within this bound was carried by the webhook and the purge, not
 * by an expiry. How fast it is (the goal is 5 s; 0.6–3 s on a quiet host) is printed by each test,
 * not asserted: on a busy machine the same purge takes longer, and the test would measure the
 * machine.
 */
export const CARRIED_BY_WEBHOOK_MS = 30_000;
