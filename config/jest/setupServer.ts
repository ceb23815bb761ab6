// The server as `npm start` runs it (src/server/main.ts): React and the store's libraries load their
// production builds, which render a page in about three quarters of the CPU. Set before a test
// file's modules load, in that file's own environment (the server and cms projects). The client
// project keeps the development builds, whose warnings its component tests show.
process.env.NODE_ENV = 'production';
