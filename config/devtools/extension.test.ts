import { legacy_createStore as createStore, type Action, type Reducer } from 'redux';
import { installDevTools, type DevToolsOptions } from './extension';
import { readSession } from './session';

interface Sent extends Action<'form/sent'> {
  payload: { name: string };
}
type State = { last: string };

const reducer: Reducer<State, Action<string>, State> = (state = { last: '' }, action) =>
  action.type === 'form/sent' ? { last: (action as Sent).payload.name } : state;
const secret = (text: string) => text.replace(/李雷/g, '**');

/** A store made through the stand-in, as the app makes one through the extension's compose. */
function instrumented(options: DevToolsOptions) {
  const page = {} as Window;
  installDevTools(page);
  const store = createStore(reducer, page.__REDUX_DEVTOOLS_EXTENSION_COMPOSE__!(options)());
  store.dispatch({ type: 'form/sent', payload: { name: '李雷' } } as Sent);
  return { store, monitor: page.__REDUX_DEVTOOLS_MONITOR__! };
}

describe('the DevTools stand-in', () => {
  const actionSanitizer = jest.fn((action: Action, _id: number) =>
    action.type === 'form/sent' ? { ...action, payload: { name: secret((action as Sent).payload.name) } } : action,
  );
  const stateSanitizer = jest.fn((state: unknown, _index: number) => ({ last: secret((state as State).last) }));

  it('shows the monitor every action and every state through the sanitizers, with the id and index the extension passes', () => {
    const { monitor } = instrumented({ actionSanitizer, stateSanitizer });
    const shown = monitor.shown();
    expect(shown.actionsById[1]!.action).toEqual({ type: 'form/sent', payload: { name: '**' } });
    expect(shown.computedStates.map((entry) => entry.state)).toEqual([{ last: '' }, { last: '**' }]);
    expect(actionSanitizer).toHaveBeenCalledWith(expect.objectContaining({ type: 'form/sent' }), 1);
    expect(stateSanitizer).toHaveBeenCalledWith({ last: '李雷' }, 1);
    expect(monitor.actions()).toEqual([
      { id: 0, type: '@@INIT' },
      { id: 1, type: 'form/sent' },
    ]);
  });

  it('exports the session as shown, so it replays to the sanitized states', () => {
    const { monitor } = instrumented({ actionSanitizer, stateSanitizer });
    const exported = monitor.exportSession();
    expect(exported).not.toContain('李雷');
    const session = readSession(exported);
    expect(session.actions.at(-1)).toEqual({ type: 'form/sent', payload: { name: '**' } });
    expect(session.recordedFinal).toEqual({ last: '**' });
  });

  it('leaves the store itself alone: the app sees what was dispatched', () => {
    const { store } = instrumented({ actionSanitizer, stateSanitizer });
    expect(store.getState()).toEqual({ last: '李雷' });
  });

  it("writes the actions as recorded in the extension's own Export of a Redux store: no sanitizer runs there", () => {
    const { monitor } = instrumented({ actionSanitizer, stateSanitizer });
    const session = readSession(monitor.exportActions());
    expect(session.actions).toEqual([{ type: 'form/sent', payload: { name: '李雷' } }]);
    expect(session.recordedFinal).toBeUndefined();
  });

  it('without sanitizers shows what the store recorded', () => {
    const { monitor } = instrumented({});
    expect(monitor.exportSession()).toContain('李雷');
  });
});
