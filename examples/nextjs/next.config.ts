import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // PGlite (the demo agent's thread database) loads its WebAssembly and data files from its own
  // folder at run time, and `pg` (with DATABASE_URL) is loaded when first used: leave both to
  // Node.js instead of bundling them.
  serverExternalPackages: ["@electric-sql/pglite", "pg"],
};

export default nextConfig;
