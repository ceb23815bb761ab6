/**
 * The library floor of the size bench: the required libraries, each used the least a real
 * app of this shape uses it, with nothing of ours. Built with the site's own webpack settings.
 */
import { createRoot } from 'react-dom/client';
import { configureStore, createSlice } from '@reduxjs/toolkit';
import { Provider } from 'react-redux';
import createSagaMiddleware from 'redux-saga';
import { takeLatest } from 'redux-saga/effects';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import axios from 'axios';
import { Swiper, SwiperSlide } from 'swiper/react';
import { A11y, Autoplay, Grid, Pagination } from 'swiper/modules';
import { ToastContainer, toast } from 'react-toastify';
import 'react-toastify/dist/ReactToastify.css';
import 'swiper/css';
import 'swiper/css/pagination';

const slice = createSlice({ name: 'floor', initialState: { n: 0 }, reducers: { bumped: (s) => ({ n: s.n + 1 }) } });
const sagas = createSagaMiddleware();
const store = configureStore({ reducer: slice.reducer, middleware: (m) => m().concat(sagas) });
const client = axios.create({ baseURL: '/api' });
sagas.run(function* root() {
  yield takeLatest(slice.actions.bumped.type, () => client.get('/').then(() => toast('ok')));
});

createRoot(document.getElementById('root') as HTMLElement).render(
  <Provider store={store}>
    <BrowserRouter>
      <Routes>
        <Route
          path="/"
          element={
            <Swiper modules={[A11y, Autoplay, Grid, Pagination]} autoplay pagination>
              <SwiperSlide>floor</SwiperSlide>
            </Swiper>
          }
        />
      </Routes>
    </BrowserRouter>
    <ToastContainer />
  </Provider>,
);
