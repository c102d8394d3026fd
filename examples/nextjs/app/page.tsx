import { Chat } from "./Chat";

/** The home page: a server component that renders the client-side chat full screen. */
export default function Home() {
  return (
    <main style={{ height: "100vh" }}>
      <Chat />
    </main>
  );
}
