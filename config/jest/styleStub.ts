// Stylesheets mean nothing to jsdom; tests import components, not their CSS.
export default {};
