/** Where Redux DevTools' own monitor listens (`npm run devtools`) and development builds report: DEVTOOLS_PORT, else 8000 as the CLI's. */
export const DEVTOOLS_PORT = Number(process.env.DEVTOOLS_PORT || 8000);
