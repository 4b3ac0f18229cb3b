/**
 * Gathers the steps the loop sends at the same moment: each `add` joins the
 * current group, and the group is handed to `dispatch` at the next turn of
 * the host (`nextTurn`). In the page that turn is a yield to the main thread
 * (the loop yields before each step, yield-before-step.ts): a fan-out's
 * children were all queued before it, so their steps arrive in one group,
 * and a step sent alone waits only for that one turn, no timer.
 */
export class StepsSentTogether<Item> {
  private group: Item[] = [];

  constructor(
    private readonly nextTurn: () => Promise<void>,
    private readonly dispatch: (group: Item[]) => void,
  ) {}

  add(item: Item): void {
    this.group.push(item);
    if (this.group.length > 1) return;
    void this.nextTurn().then(() => this.dispatch(this.group.splice(0)));
  }
}

/** A host turn outside the page (tests, Node): a macrotask, so every step sent in the current task joins. */
export function nextMacrotask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
