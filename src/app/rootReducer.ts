import { combineReducers } from '@reduxjs/toolkit';
import content from '../features/content/slice';
import forms from '../features/forms/slice';
import locale from '../features/locale/slice';
import members from '../features/members/slice';
import navigation from '../features/navigation/slice';
import news from '../features/news/slice';
import product from '../features/product/slice';
import session from '../features/session/slice';
import site from '../features/site/slice';

export const rootReducer = combineReducers({ locale, site, navigation, content, product, news, members, forms, session });
