import { EMPTY_PATIENT } from '../contracts/forms';
import { applicationSubmitted, formFieldEdited, formRejected, patientSubmitted } from '../features/forms/slice';
import { stateWith } from '../features/store.testing';
import { rootReducer } from '../features/rootReducer';
import { routeEntryOf, routeEntered } from '../features/shared/route';
import type * as DevtoolsModule from './devtools';

/**
 * The module, loaded afresh for each test: its tables (the typed fields) and the functions it
 * exports are then built inside the test that checks them, not once before every test.
 */
let devtools: typeof DevtoolsModule;
beforeEach(async () => {
  await jest.isolateModulesAsync(async () => {
    devtools = await import('./devtools');
  });
});
const redact = (value: string) => devtools.redact(value);
const actionSanitizer: typeof DevtoolsModule.actionSanitizer = (action) => devtools.actionSanitizer(action);
const stateSanitizer: typeof DevtoolsModule.stateSanitizer = (state) => devtools.stateSanitizer(state);

const deepFreeze = <T>(value: T): T => {
  if (value && typeof value === 'object') {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
};

const application = { name: '韩梅梅', phone: '13900001111', email: 'hanmeimei@example.com' };
const message = {
  category: 'adverse',
  medication: '复方樟脑软膏',
  reason: '蚊虫叮咬',
  name: 'Wang Fang',
  phone: '+86 139 0000 2222',
  email: 'wf@example.com',
  description: '涂抹后局部发红，两天后起疹',
};

describe('redact', () => {
  it('keeps the length and nothing else', () => {
    expect(redact('李雷')).toBe('**');
    expect(redact('lilei@example.com')).toHaveLength(17);
    expect(redact('')).toBe('');
  });
});

describe('the action sanitizer', () => {
  it.each([
    ['job application', deepFreeze(applicationSubmitted({ jobId: '4', values: application, consents: { consent: true } })), application],
    ['patient message', deepFreeze(patientSubmitted({ values: message, consents: { consent: true, health_consent: true } })), message],
  ])('hides every typed value of a %s, keeping its length, without touching the action', (_form, action, typed) => {
    const before = JSON.stringify(action);
    const sanitized = actionSanitizer(action);
    const shown = JSON.stringify(sanitized);
    for (const [field, value] of Object.entries(typed)) {
      if (field === 'category') continue;
      expect(shown).not.toContain(value);
      expect((sanitized.payload.values as Record<string, string>)[field]).toBe('*'.repeat(value.length));
    }
    expect(JSON.stringify(action)).toBe(before);
    expect(sanitized).not.toBe(action);
  });

  it("keeps what is no one's data: the job, the ticks, the category, empty fields", () => {
    const sanitized = actionSanitizer(patientSubmitted({ values: { ...EMPTY_PATIENT, category: 'adverse', phone: '123' }, consents: { consent: true } }));
    expect(sanitized.payload).toEqual({ values: { ...EMPTY_PATIENT, category: 'adverse', phone: '***' }, consents: { consent: true } });
    expect(actionSanitizer(applicationSubmitted({ jobId: '4', values: application, consents: {} })).payload.jobId).toBe('4');
  });

  it('hides a token wherever it is', () => {
    const action = deepFreeze({ type: 'session/restored', payload: { user: { token: 'abc.def' } } });
    expect(actionSanitizer(action)).toEqual({ type: 'session/restored', payload: { user: { token: '*******' } } });
  });

  it('hides a typed value whatever its shape: a number, a list, a nested record, keeping each length', () => {
    const action = deepFreeze({
      type: 'forms/patientSubmitted',
      payload: { values: { phone: 13900002222, name: ['Wang', 'Fang'], description: { text: '发红', days: 2, seen: true, photo: null } } },
    });
    expect(actionSanitizer(action).payload.values).toEqual({
      phone: '***********',
      name: ['****', '****'],
      description: { text: '**', days: '*', seen: true, photo: null },
    });
  });

  it('hides a token inside a list, and keeps the list a list', () => {
    const action = deepFreeze({ type: 'session/listed', payload: { sessions: [{ id: 1 }, { id: 2, token: 'abc' }] } });
    expect(actionSanitizer(action)).toEqual({ type: 'session/listed', payload: { sessions: [{ id: 1 }, { id: 2, token: '***' }] } });
    expect(Array.isArray(actionSanitizer(action).payload.sessions)).toBe(true);
  });

  it('reads form fields only under values, at the top of an action or the state too', () => {
    const action = { type: 'site/shown', name: 'Yuechuan', phone: '400-000', payload: { email: 'info@example.com' } };
    expect(actionSanitizer(action)).toBe(action);
    const state = { name: 'Yuechuan', email: 'info@example.com', forms: {} };
    expect(stateSanitizer(state)).toBe(state);
  });

  it('gives back every other action as it is', () => {
    for (const action of [
      routeEntered({ routeId: 'about', path: '/about', params: {}, query: {}, hash: '' }),
      formFieldEdited({ form: 'patient', field: 'name' }),
      formRejected({ form: 'application:1', fieldErrors: { name: 'required', email: 'invalidEmail' }, error: '应聘信息请填写完整！' }),
      { type: 'content/loadSucceeded', payload: { data: { name: '岳川药业', phone: '400-000', email: 'info@example.com' } } },
    ]) {
      expect(actionSanitizer(action)).toBe(action);
    }
  });
});

describe('the state sanitizer', () => {
  it('hides values of a form wherever they would sit in state, and any token, without touching the state', () => {
    const state = deepFreeze({
      ...stateWith(),
      forms: { path: '/patient', byKey: { patient: { status: 'failed', values: message, fieldErrors: { phone: 'required' } } } },
      session: { token: 'secret-token' },
    });
    const before = JSON.stringify(state);
    const sanitized = stateSanitizer(state);
    const shown = JSON.stringify(sanitized);
    for (const value of [...Object.values(message).filter((v) => v !== 'adverse'), 'secret-token']) expect(shown).not.toContain(value);
    expect(sanitized.forms.byKey.patient).toEqual({
      status: 'failed',
      values: {
        ...message,
        ...Object.fromEntries(
          Object.entries(message)
            .filter(([f]) => f !== 'category')
            .map(([f, v]) => [f, redact(v)]),
        ),
      },
      fieldErrors: { phone: 'required' },
    });
    expect(sanitized.session.token).toBe('************');
    expect(JSON.stringify(state)).toBe(before);
    expect(sanitized.content).toBe(state.content);
  });

  it('gives back a state with nothing to hide as it is', () => {
    const state = [
      routeEntered(routeEntryOf('/resources/1', 'push')),
      formRejected({ form: 'application:1', fieldErrors: { name: 'required' }, error: '应聘信息请填写完整！' }),
    ].reduce(rootReducer, stateWith());
    expect(state.forms.byKey['application:1']).toMatchObject({ status: 'failed' });
    expect(stateSanitizer(state)).toBe(state);
  });
});

describe('the recorded copy (redactedForDevTools)', () => {
  it('passes the store, and so the DevTools inside it, the action with its typed values hidden', () => {
    const next = jest.fn((action: unknown) => action);
    const action = deepFreeze(patientSubmitted({ values: message, consents: { consent: true } }));
    const passed = devtools.redactedForDevTools({ getState: () => ({}), dispatch: jest.fn() })(next)(action);
    expect(next).toHaveBeenCalledTimes(1);
    expect(next).toHaveBeenCalledWith(actionSanitizer(action));
    expect(passed).toEqual(actionSanitizer(action));
    expect(JSON.stringify(passed)).not.toContain(message.phone);
  });
});

describe('the options', () => {
  it('name the store, keep a whole visit and sanitize both sides', () => {
    const { devToolsOptions } = devtools;
    expect(devToolsOptions).toMatchObject({ name: 'Yuechuan website', actionSanitizer: devtools.actionSanitizer, stateSanitizer: devtools.stateSanitizer });
    expect(devToolsOptions.maxAge).toBeGreaterThanOrEqual(500);
    // The sanitizers the extension is given are the ones that hide what was typed.
    const action = patientSubmitted({ values: message, consents: { consent: true } });
    expect(devToolsOptions.actionSanitizer?.(action, 0)).toEqual(actionSanitizer(action));
    expect(JSON.stringify(devToolsOptions.stateSanitizer?.({ session: { token: 'secret-token' } }, 0))).not.toContain('secret-token');
  });

  it('record where each action was dispatched in development only', async () => {
    const env = process.env.NODE_ENV;
    try {
      process.env.NODE_ENV = 'development';
      await jest.isolateModulesAsync(async () => expect((await import('./devtools')).devToolsOptions.trace).toBe(true));
    } finally {
      process.env.NODE_ENV = env;
    }
    expect(devtools.devToolsOptions.trace).toBe(false);
  });
});
