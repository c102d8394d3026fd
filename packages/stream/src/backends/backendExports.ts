// What every backend entry exports besides its backend: the HTTP and resume options, and the
// error a refused resume or stop request throws.
export type { HeadersOption, HttpOptions } from "./postJSON";
export { type ResumeOption, type ResumeOptions, StreamRequestError } from "./streamResumption";
