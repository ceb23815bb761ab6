/**
 * A site in front of a provider on another machine (PROVIDER_URL) with DATABASE_URL counts its
 * visitors' search renders in PostgreSQL, as the embedded provider does: the sites of two
 * machines give one visitor one allowance between them.
 */
import { openPostgresStore } from '../provider/submissions/postgresStore';
import { postgresPerFile } from '../provider/submissions/postgres.testing';
import { SEARCH_ALLOWANCE } from './render/searchBudget';
import { searchLimitSource } from './start';

const postgres = postgresPerFile();

it('shares one allowance per visitor between two sites behind PROVIDER_URL with DATABASE_URL', async () => {
  const url = await postgres.url();
  await (await openPostgresStore(url)).close(); // the provider's migrations make the table
  const sites = [searchLimitSource(null, { DATABASE_URL: url }), searchLimitSource(null, { DATABASE_URL: url })];
  try {
    const answers: boolean[] = [];
    for (let n = 0; n <= SEARCH_ALLOWANCE.points; n += 1) answers.push(await sites[n % 2]!.limit!('203.0.113.9'));
    expect(answers).toEqual([...Array<boolean>(SEARCH_ALLOWANCE.points).fill(true), false]);
    expect(await sites[0]!.limit!('203.0.113.10')).toBe(true); // another visitor has their own
  } finally {
    await Promise.all(sites.map((site) => site.close()));
  }
}, 30_000);

it('counts in this process without DATABASE_URL', () => {
  expect(searchLimitSource(null, {}).limit).toBeUndefined();
});
