import 'server-only';

/** One batch: the events that were ready together. */
export interface EventBatch<Event> {
  events: Event[];
  /** The generator has finished: no batch follows. */
  done: boolean;
}

const TURN_ENDED = Symbol('turn ended');

function endOfTurn(): Promise<typeof TURN_ENDED> {
  return new Promise((resolve) => setImmediate(resolve, TURN_ENDED));
}

/**
 * Groups the events of an async generator that are ready together: a batch
 * ends when the next event is not there by the end of the current turn of
 * the event loop (one `setImmediate`). A provider's network read usually
 * yields several events at once (a tool call and the finish, say), and each
 * chunk the proxy writes is a syscall and a packet on the way to the browser:
 * one chunk per read instead of one per event saves both (bench/loop.bench.ts).
 * Nothing waits longer than the current turn, so streaming text still flows as
 * it arrives.
 */
export class EventBatches<Event> {
  /** The request for the event that was not ready when the last batch ended. */
  private pending: Promise<IteratorResult<Event>> | undefined;

  constructor(private readonly events: AsyncIterator<Event>) {}

  /** The next batch: at least one event unless the generator is done. A throw from the generator surfaces here. */
  async next(): Promise<EventBatch<Event>> {
    const batch: Event[] = [];
    let result = await (this.pending ?? this.events.next());
    this.pending = undefined;
    // One end of the turn for the whole batch, not one per event: every event that comes in the same
    // turn joins it either way, and a streamed answer of many deltas then costs one timer a batch.
    let turnEnded: Promise<typeof TURN_ENDED> | undefined;
    while (!result.done) {
      batch.push(result.value);
      const following = this.events.next();
      // A rejection while this request waits for the next call is handled there; until then it is not unhandled.
      following.catch(() => undefined);
      turnEnded ??= endOfTurn();
      const raced = await Promise.race([following, turnEnded]);
      if (raced === TURN_ENDED) {
        this.pending = following;
        return { events: batch, done: false };
      }
      result = raced;
    }
    return { events: batch, done: true };
  }
}
