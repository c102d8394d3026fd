// The sidebar: the guides in the order a newcomer follows them, then the reference by package,
// then the API reference generated from the TSDoc.
/** @param {object} apiGroup the API reference group starlight-typedoc fills in */
export const SIDEBAR = (apiGroup) => [{ label: "Introduction", link: "/" }, apiGroup];
