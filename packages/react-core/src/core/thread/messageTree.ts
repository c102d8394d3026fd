import type { Message } from "@crayonai/stream";

const ROOT = "\u0000root";

/** Where a message sits among its alternatives (edits of a user message, regenerated replies). */
export type BranchInfo = {
  /** 0-based position of this message among its siblings. */
  index: number;
  /** How many alternatives exist at this point (≥ 2 for a real branch). */
  count: number;
  /** The sibling ids in creation order. */
  siblingIds: string[];
};

/**
 * A thread's messages as a tree: editing a user message or regenerating a reply adds a sibling
 * instead of overwriting, so no history is ever lost. The active path (root → leaf, following
 * the selected child at each fork) is what the UI shows and what is sent to the backend.
 */
export class MessageTree {
  readonly #nodes = new Map<string, Message>();
  readonly #parents = new Map<string, string>();
  readonly #childrenOf = new Map<string, string[]>();
  readonly #activeChildOf = new Map<string, string>();

  constructor(messages: readonly Message[] = []) {
    this.setActivePath(messages);
  }

  /**
   * Replaces the tree with stored messages. Messages that carry a `parentId` form a tree
   * (siblings in the order given); a list without any `parentId` is one path. The active path
   * ends at `activeLeafId` (default: the last message given), and every other fork shows its
   * newest child. A `parentId` that names no earlier message makes its message a root.
   */
  load(messages: readonly Message[], activeLeafId?: string): void {
    this.#nodes.clear();
    this.#parents.clear();
    this.#childrenOf.clear();
    this.#activeChildOf.clear();
    if (!messages.some((m) => m.parentId !== undefined)) {
      this.setActivePath(messages);
      return;
    }
    for (const message of messages) {
      if (this.#nodes.has(message.id)) continue;
      const parent =
        message.parentId !== undefined && this.#nodes.has(message.parentId)
          ? message.parentId
          : ROOT;
      this.#nodes.set(message.id, message);
      this.#parents.set(message.id, parent);
      const siblings = this.#childrenOf.get(parent);
      if (siblings) siblings.push(message.id);
      else this.#childrenOf.set(parent, [message.id]);
      this.#activeChildOf.set(parent, message.id);
    }
    const leaf =
      activeLeafId !== undefined && this.#nodes.has(activeLeafId)
        ? activeLeafId
        : messages[messages.length - 1]!.id;
    for (let id = leaf; id !== ROOT; ) {
      const parent = this.#parents.get(id)!;
      this.#activeChildOf.set(parent, id);
      id = parent;
    }
    this.#activeChildOf.delete(leaf);
  }

  /** The message `messageId` follows, or undefined for the first message (or an unknown one). */
  parentOf(messageId: string): string | undefined {
    const parent = this.#parents.get(messageId);
    return parent === ROOT ? undefined : parent;
  }

  /** The messages on the active path, in order. */
  activePath(): Message[] {
    const path: Message[] = [];
    let key = ROOT;
    for (;;) {
      const childId = this.#activeChildOf.get(key);
      const child = childId === undefined ? undefined : this.#nodes.get(childId);
      if (!child) return path;
      path.push(child);
      key = child.id;
    }
  }

  /**
   * Makes `messages` the active path: each message becomes the active child of the one before
   * it. Known messages are updated in place (same node), new ones are added. Messages that
   * were on the old path but not on the new one stay in the tree as other branches.
   */
  setActivePath(messages: readonly Message[]): void {
    let parent = ROOT;
    for (const message of messages) {
      const previousParent = this.#parents.get(message.id);
      if (previousParent !== undefined && previousParent !== parent) {
        this.#detach(message.id, previousParent);
      }
      if (previousParent !== parent) {
        this.#parents.set(message.id, parent);
        const siblings = this.#childrenOf.get(parent);
        if (siblings) siblings.push(message.id);
        else this.#childrenOf.set(parent, [message.id]);
      }
      this.#nodes.set(message.id, message);
      this.#activeChildOf.set(parent, message.id);
      parent = message.id;
    }
    // The path ends here even if the last message used to have an active child.
    this.#activeChildOf.delete(parent);
  }

  /** The active path up to and excluding `messageId` (the context a new sibling of it gets). */
  pathBefore(messageId: string): Message[] {
    const path = this.activePath();
    const index = path.findIndex((message) => message.id === messageId);
    return index === -1 ? path : path.slice(0, index);
  }

  /** Branch information for a message, or undefined if the message is unknown. */
  branchInfo(messageId: string): BranchInfo | undefined {
    const parent = this.#parents.get(messageId);
    if (parent === undefined) return undefined;
    const siblingIds = this.#childrenOf.get(parent) ?? [];
    return {
      index: siblingIds.indexOf(messageId),
      count: siblingIds.length,
      siblingIds: [...siblingIds],
    };
  }

  /** Branch information for every message on the active path that has alternatives. */
  branchesOnActivePath(): Record<string, BranchInfo> {
    const result: Record<string, BranchInfo> = {};
    for (const message of this.activePath()) {
      const info = this.branchInfo(message.id);
      if (info && info.count > 1) result[message.id] = info;
    }
    return result;
  }

  /**
   * Shows the sibling at `index` instead of `messageId`, and below it the branch that was last
   * active there. Returns false if there is no such sibling.
   */
  switchBranch(messageId: string, index: number): boolean {
    const parent = this.#parents.get(messageId);
    const target = parent === undefined ? undefined : this.#childrenOf.get(parent)?.[index];
    if (parent === undefined || target === undefined) return false;
    this.#activeChildOf.set(parent, target);
    return true;
  }

  /** Forgets a message. Its children are re-attached when the next active path is set. */
  remove(messageId: string): void {
    const parent = this.#parents.get(messageId);
    if (parent !== undefined) this.#detach(messageId, parent);
    this.#parents.delete(messageId);
    this.#nodes.delete(messageId);
  }

  #detach(id: string, parent: string): void {
    const siblings = this.#childrenOf.get(parent);
    if (!siblings) return;
    const index = siblings.indexOf(id);
    if (index !== -1) siblings.splice(index, 1);
    if (this.#activeChildOf.get(parent) === id) {
      const fallback = siblings[siblings.length - 1];
      if (fallback === undefined) this.#activeChildOf.delete(parent);
      else this.#activeChildOf.set(parent, fallback);
    }
  }
}
