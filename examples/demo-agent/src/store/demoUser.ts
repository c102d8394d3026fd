/**
 * The user every thread belongs to. The demo agent has no sign-in: whoever reaches it sees every
 * thread (which is why it listens on the loopback address unless told otherwise). A module of
 * its own, so the routes that name it load nothing of Node (the in-page agent mounts them too).
 */
export const DEMO_USER = "demo";
