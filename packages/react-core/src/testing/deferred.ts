/** A promise the test settles by hand (to hold a `createThread`, `loadThread`, … open). */
export type Deferred<T> = {
  promise: Promise<T>;
  resolve: (value: T) => void;
  reject: (error: unknown) => void;
};

export function deferred<T = void>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Calls of a mocked async function, each answered by its own deferred. */
export function deferredCalls<TArgs extends unknown[], TResult>() {
  const calls: Array<{ args: TArgs } & Deferred<TResult>> = [];
  const fn = (...args: TArgs): Promise<TResult> => {
    const call = { args, ...deferred<TResult>() };
    calls.push(call);
    return call.promise;
  };
  return { fn, calls };
}
