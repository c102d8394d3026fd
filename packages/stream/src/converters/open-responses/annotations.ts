import type { SourceReference } from "../../message";
import type { OpenResponsesAnnotation } from "./openResponsesItem";

/**
 * The Crayon source an `output_text` annotation cites, as the Open Responses adapter reads it
 * (a URL citation by its URL; a file, container file or file path citation by its file id);
 * `undefined` for one that cites nothing.
 */
export function sourceOfAnnotation(annotation: Record<string, any>): SourceReference | undefined {
  if (annotation.type === "url_citation" && typeof annotation.url === "string") {
    return {
      id: annotation.url,
      kind: "url",
      url: annotation.url,
      ...(typeof annotation.title === "string" && { title: annotation.title }),
    };
  }
  if (typeof annotation.file_id === "string") {
    return {
      id: annotation.file_id,
      kind: "document",
      ...(typeof annotation.filename === "string" && { filename: annotation.filename }),
      ...(typeof annotation.container_id === "string" && {
        metadata: { containerId: annotation.container_id },
      }),
    };
  }
  return undefined;
}

/**
 * A source as the annotation that cites it. Crayon keeps no position in the text: the citation
 * spans the whole text (`start_index` 0, `end_index` and `index` its length).
 */
export function annotationOfSource(
  source: SourceReference,
  textLength: number,
): OpenResponsesAnnotation | undefined {
  if (source.kind === "url") {
    const url = source.url ?? source.id;
    return url
      ? {
          type: "url_citation",
          url,
          title: source.title ?? "",
          start_index: 0,
          end_index: textLength,
        }
      : undefined;
  }
  const filename = source.filename ?? "";
  const containerId = source.metadata?.containerId;
  return typeof containerId === "string"
    ? {
        type: "container_file_citation",
        container_id: containerId,
        file_id: source.id,
        filename,
        start_index: 0,
        end_index: textLength,
      }
    : { type: "file_citation", file_id: source.id, filename, index: textLength };
}
