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
  private readonly nodes = new Map<string, Message>();
  private readonly parentOf = new Map<string, string>();
  private readonly childrenOf = new Map<string, string[]>();
  private readonly activeChildOf = new Map<string, string>();

  constructor(messages: readonly Message[] = []) {
    this.setActivePath(messages);
  }

  /** The messages on the active path, in order. */
  activePath(): Message[] {
    const path: Message[] = [];
    let key = ROOT;
    for (;;) {
      const childId = this.activeChildOf.get(key);
      const child = childId === undefined ? undefined : this.nodes.get(childId);
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
      const previousParent = this.parentOf.get(message.id);
      if (previousParent !== undefined && previousParent !== parent) {
        this.detach(message.id, previousParent);
      }
      if (previousParent !== parent) {
        this.parentOf.set(message.id, parent);
        const siblings = this.childrenOf.get(parent);
        if (siblings) siblings.push(message.id);
        else this.childrenOf.set(parent, [message.id]);
      }
      this.nodes.set(message.id, message);
      this.activeChildOf.set(parent, message.id);
      parent = message.id;
    }
    // The path ends here even if the last message used to have an active child.
    this.activeChildOf.delete(parent);
  }

  /** The active path up to and excluding `messageId` (the context a new sibling of it gets). */
  pathBefore(messageId: string): Message[] {
    const path = this.activePath();
    const index = path.findIndex((message) => message.id === messageId);
    return index === -1 ? path : path.slice(0, index);
  }

  /** Branch information for a message, or undefined if the message is unknown. */
  branchInfo(messageId: string): BranchInfo | undefined {
    const parent = this.parentOf.get(messageId);
    if (parent === undefined) return undefined;
    const siblingIds = this.childrenOf.get(parent) ?? [];
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
    const parent = this.parentOf.get(messageId);
    const target = parent === undefined ? undefined : this.childrenOf.get(parent)?.[index];
    if (parent === undefined || target === undefined) return false;
    this.activeChildOf.set(parent, target);
    return true;
  }

  /** Forgets a message. Its children are re-attached when the next active path is set. */
  remove(messageId: string): void {
    const parent = this.parentOf.get(messageId);
    if (parent !== undefined) this.detach(messageId, parent);
    this.parentOf.delete(messageId);
    this.nodes.delete(messageId);
  }

  private detach(id: string, parent: string): void {
    const siblings = this.childrenOf.get(parent);
    if (!siblings) return;
    const index = siblings.indexOf(id);
    if (index !== -1) siblings.splice(index, 1);
    if (this.activeChildOf.get(parent) === id) {
      const fallback = siblings[siblings.length - 1];
      if (fallback === undefined) this.activeChildOf.delete(parent);
      else this.activeChildOf.set(parent, fallback);
    }
  }
}
