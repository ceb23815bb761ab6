import { combineReducers } from '@reduxjs/toolkit';
import chunks from './chunks/slice';
import content from './content/slice';
import forms from './forms/slice';
import locale from './locale/slice';
import navigation from './navigation/slice';
import news from './news/slice';
import pagedList from './pagedList/slice';
import site from './site/slice';

export const rootReducer = combineReducers({ locale, site, navigation, chunks, content, pagedList, news, forms });

export type RootState = ReturnType<typeof rootReducer>;
