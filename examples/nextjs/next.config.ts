import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // sql.js loads its WebAssembly file from its own folder at run time: leave it to Node.js
  // instead of bundling it.
  serverExternalPackages: ["sql.js"],
};

export default nextConfig;
