import type { SourceReference } from "../../message";
import type { OpenResponsesAnnotation } from "./openResponsesItem";

/**
 * The Crayon source an `output_text` annotation cites, as the Open Responses adapter reads it
 * (a URL citation by its URL; a file, container file or file path citation by its file id);
 * `undefined` for one that cites nothing.
 */
export function sourceOfAnnotation(annotation: Record<string, any>): SourceReference | undefined {
  const { url, file_id: id, container_id: containerId } = annotation;
  const source: Record<string, unknown> =
    annotation.type === "url_citation" ? { id: url, kind: "url", url } : { id, kind: "document" };
  for (const key of ["title", "filename"]) {
    if (typeof annotation[key] === "string") source[key] = annotation[key];
  }
  if (typeof containerId === "string") source.metadata = { containerId };
  return typeof source.id === "string" ? (source as SourceReference) : undefined;
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
