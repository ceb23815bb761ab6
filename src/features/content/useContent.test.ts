import { configureStore } from '@reduxjs/toolkit';
import { renderHook } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { rootReducer } from '../rootReducer';
import { IDLE } from '../shared/resource';
import { loadedEntry, stateAfter } from '../store.testing';
import { contentKey } from './key';
import { useContent } from './useContent';

describe('useContent', () => {
  it('gives a page the resource of one content load, by name and params', () => {
    const about = { title: 'About', des: 'text', pic: '' };
    const key = contentKey('aboutUs', 'zh');
    const store = configureStore({ reducer: rootReducer, preloadedState: stateAfter(...loadedEntry(key, about)) });
    const wrapper = ({ children }: { children: ReactNode }) => createElement(Provider, { store, children });
    expect(renderHook(() => useContent('aboutUs'), { wrapper }).result.current).toMatchObject({ status: 'succeeded', data: about });
    expect(renderHook(() => useContent('notices', { id: '3' }), { wrapper }).result.current).toEqual(IDLE);
  });
});
