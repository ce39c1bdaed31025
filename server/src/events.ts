import type { PhotoState } from '../../contract/photos.js';
import type { DbOrTrx } from './db/database.js';
import type { PhotoRow } from './db/schema.js';

/**
 * What one module tells the others, by name, with its payload's type. The publisher never knows who
 * listens; `app.ts` registers every listener, in one place.
 *
 * The rule about transactions: every event here is published INSIDE the publisher's transaction and
 * carries it as `trx`. Listeners run in registration order, awaited, and write only through `trx`, so
 * their work commits or rolls back with the change that caused it; a listener that throws refuses the
 * change (the publisher's transaction fails, nothing is written). Work that must wait for the commit
 * (deleting files, clearing a cache another process reads) is handed to `afterCommit`, which the
 * publisher runs once the transaction has committed.
 */
export interface Events {
  /** A photo moved from one state to another (PRODUCT.md §4.1), its row as it was before. */
  'photo.stateChanged': { trx: DbOrTrx; photo: PhotoRow; from: PhotoState; to: PhotoState; at: number };
  /** Facts of these photos changed without a change of state (an edit, a correction, a merge, a feature). */
  'photo.factsChanged': { trx: DbOrTrx; photoIds: number[] };
  /** A photo became an editor's choice (after `photo.factsChanged`): saved searches of 编辑精选 may now find it. */
  'photo.featured': { trx: DbOrTrx; photoId: number; at: number };
  /** A member took another name: everything that shows or finds them by name follows. */
  'account.renamed': { trx: DbOrTrx; userId: number };
  /** A member deleted their account (§4.5): their photos leave the site with it. */
  'account.deleted': { trx: DbOrTrx; userId: number; afterCommit: (step: () => Promise<void>) => void };
  /** A duplicate reference entry is merged into another: photos and members' home airports naming it follow. */
  'reference.merged': {
    trx: DbOrTrx;
    kind: 'airports' | 'airlines' | 'aircraft_types';
    fromId: number;
    intoId: number;
    /** The photos module says how many photos it moved (the merge's answer and audit entry). */
    photosMoved: (n: number) => void;
  };
  /** A duplicate airframe was merged into another (its photos already moved): what names the first follows. */
  'airframe.merged': { trx: DbOrTrx; fromId: number; intoId: number };
  /** A reference entry's names or codes changed: photos naming it are found by the new ones. */
  'reference.changed': { trx: DbOrTrx; kind: 'airports' | 'airlines' | 'aircraft_types'; id: number };
}

export type EventName = keyof Events;
type Listener<K extends EventName> = (payload: Events[K]) => Promise<void> | void;

export class EventHub {
  private readonly listeners = new Map<EventName, ((payload: never) => Promise<void> | void)[]>();
  private readonly lastListeners = new Map<EventName, ((payload: never) => Promise<void> | void)[]>();

  /**
   * `last`: after every other listener — for a listener that writes a row every change of its kind
   * shares (a version), so the row's lock is taken as late as possible and held only until the commit.
   */
  on<K extends EventName>(name: K, listener: Listener<K>, opts: { last?: boolean } = {}): void {
    const into = opts.last ? this.lastListeners : this.listeners;
    into.set(name, [...(into.get(name) ?? []), listener]);
  }

  async publish<K extends EventName>(name: K, payload: Events[K]): Promise<void> {
    for (const listener of [...(this.listeners.get(name) ?? []), ...(this.lastListeners.get(name) ?? [])]) {
      await (listener as Listener<K>)(payload);
    }
  }
}
