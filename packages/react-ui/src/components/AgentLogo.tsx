import { useState } from "react";

/** Props of {@link AgentLogo}. */
type AgentLogoProps = { src: string | undefined; className: string };

/**
 * The app's logo, decorative (the agent's name is next to it). One that fails to load is left
 * out rather than shown as a broken image; a new `src` gets a new try.
 */
export function AgentLogo({ src, className }: AgentLogoProps) {
  const [failed, setFailed] = useState<string | undefined>(undefined);
  if (!src || failed === src) return null;
  return <img className={className} src={src} alt="" onError={() => setFailed(src)} />;
}
