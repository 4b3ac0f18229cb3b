/** A short random suffix for an id that must not collide with one this browser already keeps. */
export function newIdSuffix(): string {
  return crypto.randomUUID().slice(0, 8);
}
