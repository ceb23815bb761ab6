/**
 * The CMS's side of the previews' rights (cms/src/previewRights.js) against a stand-in for Strapi:
 * a draft read by the preview token for an admin answers what that admin's permissions let them
 * read as drafts (all, none, or those their conditions match) and the published version of the
 * rest; the token naming no admin, or one that is no id, is refused; other readers are untouched.
 * tests/cms/previewRights.test.ts runs it in the real Strapi.
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { previewRights, draftsOrPublished, adminOf } = require('../../../cms/src/previewRights') as {
  previewRights: (strapi: unknown, parts: { errors: typeof errors; previewToken: string }) => { subscribe: () => void };
  draftsOrPublished: (where: Record<string, unknown>, readable: string[]) => Record<string, unknown>;
  adminOf: (value: unknown) => number | null;
};

class Refused extends Error {}
const errors = { ForbiddenError: class extends Refused {}, ValidationError: class extends Refused {} };
const NEWS = 'api::news-article.news-article';
const PREVIEW_TOKEN = 'site preview (drafts)';

type Rule = 'all' | 'none' | Record<string, unknown>;
type Middleware = (context: { uid: string; action: string; params: Record<string, unknown> }, next: () => Promise<unknown>) => Promise<unknown>;
type Filters = (context: { meta: { uid: string } }) => Record<string, unknown>;
type Lifecycle = (event: { model: { uid: string }; params: { where?: Record<string, unknown>; filters?: Filters } }) => Promise<void>;

/** A Strapi with one admin per rule (ids 1, 2, 3…), answering a request as `request` says. */
function standIn(rules: Rule[], { active = true } = {}) {
  const middlewares: Middleware[] = [];
  const lifecycles: Record<string, Lifecycle>[] = [];
  const abilities: number[] = [];
  const readableQueries: unknown[] = [];
  const request = { token: PREVIEW_TOKEN, strategy: 'content-api-token', headers: {} as Record<string, string> };
  const strapi = {
    documents: { use: (middleware: Middleware) => middlewares.push(middleware) },
    requestContext: {
      get: () => ({
        state: { auth: { strategy: { name: request.strategy }, credentials: { name: request.token } } },
        get: (name: string) => request.headers[name] ?? '',
      }),
    },
    db: {
      lifecycles: { subscribe: (subscriber: Record<string, Lifecycle>) => lifecycles.push(subscriber) },
      query: (uid: string) => ({
        findOne: async ({ where }: { where: { id: number } }) =>
          uid === 'admin::user' && rules[where.id - 1] !== undefined ? { id: where.id, isActive: active, roles: [] } : null,
        findMany: async (query: unknown) => {
          readableQueries.push(query);
          return [{ documentId: 'own-1' }, { documentId: 'own-2' }, { documentId: 'own-1' }];
        },
      }),
    },
    service: () => ({
      engine: {
        generateUserAbility: async (user: { id: number }) => {
          abilities.push(user.id);
          return { rule: rules[user.id - 1] };
        },
      },
    }),
    plugin: () => ({
      service: () => ({
        create: ({ userAbility }: { userAbility: { rule: Rule } }) => ({
          cannot: { read: () => userAbility.rule === 'none' },
          sanitizedQuery: { read: async () => ({ filters: typeof userAbility.rule === 'object' ? userAbility.rule : undefined }) },
        }),
      }),
    }),
  };
  const rights = previewRights(strapi, { errors, previewToken: PREVIEW_TOKEN });
  rights.subscribe();
  /** A document read through the middleware: the params the document service then reads with, and the database's `where` it ends up with. */
  async function read(
    params: Record<string, unknown>,
    { action = 'findMany', where = { publishedAt: { $null: true }, locale: 'zh' } as Record<string, unknown> } = {},
  ) {
    const context = { uid: NEWS, action, params };
    let query: { where?: Record<string, unknown>; filters?: Filters } = {};
    await middlewares[0]!(context, async () => {
      // The Content API's status, as Strapi's query layer gives it to the query and every populated one.
      query = { where, filters: ({ meta }) => (meta.uid === 'plugin::upload.file' ? {} : { publishedAt: { $null: params.status === 'draft' } }) };
      for (const subscriber of lifecycles) await subscriber.beforeFindMany?.({ model: { uid: NEWS }, params: query });
    });
    return { params: context.params, where: query.where, filters: query.filters };
  }
  return { read, request, abilities, readableQueries, lifecycles };
}

const DRAFTS_ZH = { publishedAt: { $null: true }, locale: 'zh' };
const IS_CREATOR = { createdBy: { id: 2 } };

describe("a preview's draft read", () => {
  it('answers every draft to an admin who may read them all (an Editor)', async () => {
    const strapi = standIn(['all']);
    strapi.request.headers['x-preview-admin'] = '1';
    const { params, where, filters } = await strapi.read({ status: 'draft' });
    expect({ params, where, populated: filters!({ meta: { uid: 'api::product-category.product-category' } }) }).toEqual({
      params: { status: 'draft' },
      where: DRAFTS_ZH,
      populated: { publishedAt: { $null: true } },
    });
  });

  it('answers what is published to an admin who may read none of the type (an Author, of Site settings)', async () => {
    const strapi = standIn(['none']);
    strapi.request.headers['x-preview-admin'] = '1';
    expect((await strapi.read({ status: 'draft', locale: 'zh' })).params).toEqual({ status: 'published', locale: 'zh' });
  });

  it("answers, to an admin whose permission has conditions (an Author's own), the drafts they match and the published version of the rest", async () => {
    const strapi = standIn(['all', IS_CREATOR]);
    strapi.request.headers['x-preview-admin'] = '2';
    const { params, where, filters } = await strapi.read({ status: 'draft' });
    expect(params).toEqual({ status: 'draft' });
    // A published version's relations are its published targets: no status asked of what it populates.
    expect([NEWS, 'api::product-category.product-category', 'plugin::upload.file'].map((uid) => filters!({ meta: { uid } }))).toEqual([{}, {}, {}]);
    // The drafts the conditions match, in the language read, as the content manager's list finds them.
    expect(strapi.readableQueries).toEqual([{ where: { $and: [{ publishedAt: null, locale: 'zh' }, IS_CREATOR] }, select: ['documentId'] }]);
    expect(where).toEqual({
      $and: [
        { locale: 'zh' },
        {
          $or: [
            { publishedAt: { $null: true }, documentId: { $in: ['own-1', 'own-2'] } },
            { publishedAt: { $notNull: true }, documentId: { $notIn: ['own-1', 'own-2'] } },
          ],
        },
      ],
    });
  });

  it('answers what is published to an admin who is no longer active, or does not exist', async () => {
    const inactive = standIn(['all'], { active: false });
    inactive.request.headers['x-preview-admin'] = '1';
    expect((await inactive.read({ status: 'draft' })).params).toEqual({ status: 'published' });
    const unknown = standIn(['all']);
    unknown.request.headers['x-preview-admin'] = '9';
    expect((await unknown.read({ status: 'draft' })).params).toEqual({ status: 'published' });
  });

  it("asks Strapi's permission engine once in a while, not on every read of a preview", async () => {
    const strapi = standIn(['all', IS_CREATOR]);
    strapi.request.headers['x-preview-admin'] = '2';
    await strapi.read({ status: 'draft' });
    await strapi.read({ status: 'draft' }, { action: 'count' });
    expect(strapi.abilities).toEqual([2]);
  });

  it('is refused to the preview token naming no admin, or one that is no id', async () => {
    const strapi = standIn(['all']);
    await expect(strapi.read({ status: 'draft' })).rejects.toBeInstanceOf(errors.ForbiddenError);
    for (const admin of ['0', 'editor', '1 OR 1=1', '-2', '1.5']) {
      strapi.request.headers['x-preview-admin'] = admin;
      await expect(strapi.read({ status: 'draft' })).rejects.toBeInstanceOf(errors.ValidationError);
    }
  });
});

describe('other reads', () => {
  it('are untouched: published content, writes, the admin panel, a full-access token naming no admin', async () => {
    const strapi = standIn([IS_CREATOR]);
    strapi.request.headers['x-preview-admin'] = '1';
    const untouched = async (params: Record<string, unknown>, action?: string) => {
      const { params: read, where } = await strapi.read(params, action ? { action } : {});
      return { params: read, where };
    };
    expect(await untouched({ status: 'published' })).toEqual({ params: { status: 'published' }, where: DRAFTS_ZH });
    expect(await untouched({ status: 'draft' }, 'update')).toEqual({ params: { status: 'draft' }, where: DRAFTS_ZH });
    strapi.request.strategy = 'admin';
    expect(await untouched({ status: 'draft' })).toEqual({ params: { status: 'draft' }, where: DRAFTS_ZH });
    strapi.request.strategy = 'content-api-token';
    strapi.request.token = 'seed (full access)';
    strapi.request.headers = {};
    expect(await untouched({ status: 'draft' })).toEqual({ params: { status: 'draft' }, where: DRAFTS_ZH });
    expect(strapi.readableQueries).toEqual([]);
  });

  it("outside a preview's read, the database's queries are left as they are", async () => {
    const strapi = standIn([IS_CREATOR]);
    const query = { where: { ...DRAFTS_ZH } };
    await strapi.lifecycles[0]!.beforeFindMany!({ model: { uid: NEWS }, params: query });
    expect(query.where).toEqual(DRAFTS_ZH);
  });
});

describe('the published version of the rest', () => {
  it("keeps the query's other conditions, and with no readable draft shows what is published", () => {
    expect(draftsOrPublished({ publishedAt: { $null: true } }, [])).toEqual({
      $or: [
        { publishedAt: { $null: true }, documentId: { $in: [] } },
        { publishedAt: { $notNull: true }, documentId: { $notIn: [] } },
      ],
    });
    expect(draftsOrPublished({ publishedAt: { $null: true }, locale: 'en', $or: [{ site_id: 1 }] }, ['a'])).toEqual({
      $and: [
        { locale: 'en', $or: [{ site_id: 1 }] },
        {
          $or: [
            { publishedAt: { $null: true }, documentId: { $in: ['a'] } },
            { publishedAt: { $notNull: true }, documentId: { $notIn: ['a'] } },
          ],
        },
      ],
    });
  });

  it('names an admin by a positive id only', () => {
    expect(['1', '42'].map(adminOf)).toEqual([1, 42]);
    for (const value of [undefined, '', '0', '07', '-1', '1e3', ' 1', 'x', 1]) expect(adminOf(value)).toBeNull();
  });
});
