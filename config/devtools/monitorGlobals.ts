/**
 * What the monitor's page (@redux-devtools/cli's app/index.html) expects before Redux DevTools' app:
 * React and ReactDOM as globals. The CLI serves them from React's UMD folder, which React 19 no
 * longer ships (reduxjs/redux-devtools#1931: the page stays blank), so monitor.ts serves this bundle.
 */
import * as React from 'react';
import * as ReactDOM from 'react-dom';
import { createRoot } from 'react-dom/client';

Object.assign(window, { React, ReactDOM: { ...ReactDOM, createRoot } });
