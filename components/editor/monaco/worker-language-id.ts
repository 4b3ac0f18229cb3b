/** Monaco language id of `.worker` files. */
export const WORKER_LANGUAGE_ID = 'workerbench-worker';
