import { createSlice } from '@reduxjs/toolkit';
import { DEFAULT_RUNTIME_CONFIG, type RuntimeConfig } from '../../contracts/runtimeConfig';

/** Runtime configuration read from the served page; fixed for the visit. */
const siteSlice = createSlice({
  name: 'site',
  initialState: DEFAULT_RUNTIME_CONFIG as RuntimeConfig,
  reducers: {},
});

export default siteSlice.reducer;
