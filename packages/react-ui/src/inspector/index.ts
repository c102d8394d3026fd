/**
 * `@crayonai/react-ui/inspector`: `ChatInspector`, a development panel showing each reply's
 * request, response, wire frames beside the Crayon events they became, resumes, errors and
 * messages, with "copy as fixture". Its own entry point: an app that does not import it
 * downloads none of it.
 *
 * @packageDocumentation
 */

export { ChatInspector, type ChatInspectorProps } from "./ChatInspector";
