import 'server-only';
/**
 * Bytes the proxy holds at once for request bodies still being read, shared by
 * every client: a body takes what it has received and gives it all back when
 * reading ends (read, refused or abandoned). A client that holds bodies open
 * can so exhaust the budget for a deadline's length, never the server's memory.
 */
export class ByteBudget {
  private used = 0;

  constructor(readonly capacity: number) {}

  get available(): number {
    return this.capacity - this.used;
  }

  /** Takes `bytes` when they fit, else takes nothing and says so. */
  tryTake(bytes: number): boolean {
    if (bytes > this.available) return false;
    this.used += bytes;
    return true;
  }

  give(bytes: number): void {
    this.used = Math.max(0, this.used - bytes);
  }
}
