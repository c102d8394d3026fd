// Stylesheets are for the browser: Jest loads this instead, as its docs do for static assets.
module.exports = {};
