import type { Link, Root } from "mdast";
import { findAndReplace } from "mdast-util-find-and-replace";

/** The link target a citation marker becomes: `#cite-2` for `[2]`. */
export const CITATION_HREF = /^#cite-(\d{1,3})$/;

/**
 * Turns citation markers in text, `[1]` to `[999]`, into links to `#cite-N`, which the message
 * view renders as a link to its N-th source (or back as the plain marker when there is none).
 * A marker that is a real reference link (`[1]: https://…` defined) or sits in code is left
 * alone.
 */
export function remarkCitations() {
  return (tree: Root) => {
    findAndReplace(
      tree,
      [
        /\[(\d{1,3})\]/g,
        (_marker: string, number: string): Link => ({
          type: "link",
          url: `#cite-${number}`,
          children: [{ type: "text", value: number }],
        }),
      ],
      { ignore: ["link", "linkReference"] },
    );
  };
}
