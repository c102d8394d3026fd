import type { Metadata } from "next";
import type { ReactNode } from "react";
import "@crayonai/react-ui/styles.css";
import "./globals.css";

export const metadata: Metadata = {
  title: "Crayon with Next.js",
  description: "CrayonChat in the App Router, backed by a route handler.",
};

/** The root layout: loads Crayon's stylesheet once for every page. */
export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
