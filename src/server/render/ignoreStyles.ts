/**
 * The app's modules import their CSS for webpack; on the server a stylesheet is nothing to
 * evaluate (the browser gets the built CSS files), so requiring one yields an empty module.
 */
require.extensions['.css'] = (module) => {
  module.exports = {};
};
