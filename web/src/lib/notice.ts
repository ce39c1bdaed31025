export type NoticeKind = 'success' | 'warning' | 'error' | 'info';
export interface Notice {
  id: number;
  kind: NoticeKind;
  text: string;
  /** A button in the notice (撤销 after a screening decision); pressing it ends the notice. */
  action?: NoticeAction;
  /** How long it stays once on screen, when not the shell's 3 s. */
  ms?: number;
}
export interface NoticeAction {
  label: string;
  run: () => void;
}

// A tiny store instead of Ant Design's message API, so public pages do not load Ant Design.
let notices: Notice[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

/**
 * Which older notices a new one of `kind` replaces: those of its own kind (the newer says what is
 * true now), and after a success the warnings and errors too — what they reported has been done since.
 */
const replaces = (kind: NoticeKind, older: Notice) =>
  older.kind === kind || (kind === 'success' && (older.kind === 'warning' || older.kind === 'error'));

/** How long a notice stays once on screen. */
const SHOWN_MS = 3000;
/** The most a notice waits to be drawn (no view mounted to draw it). */
const UNSEEN_MS = 30_000;
const timers = new Map<number, ReturnType<typeof setTimeout>>();
const drawnIds = new Set<number>();

/** Lets go of a notice's timer. */
function forget(id: number): void {
  clearTimeout(timers.get(id));
  timers.delete(id);
  drawnIds.delete(id);
}

function remove(id: number): void {
  forget(id);
  if (!notices.some((n) => n.id === id)) return;
  notices = notices.filter((n) => n.id !== id);
  emit();
}

/**
 * A notice's time counts from when it is on screen (the view says so), not from when it was raised: one
 * raised as a slow phone leaves a page (请先登录 before the login dialog) is still there to be read.
 */
function show(kind: NoticeKind, text: string, extra: Pick<Notice, 'action' | 'ms'> = {}): void {
  const id = nextId++;
  for (const older of notices) if (replaces(kind, older)) forget(older.id);
  notices = [...notices.filter((n) => !replaces(kind, n)), { id, kind, text, ...extra }];
  timers.set(
    id,
    setTimeout(() => remove(id), UNSEEN_MS),
  );
  emit();
}

export const notice = {
  success: (text: string) => show('success', text),
  warning: (text: string) => show('warning', text),
  /** Not repeated while the same words are on screen (several calls refused for one reason). */
  once: (kind: NoticeKind, text: string) => {
    if (!notices.some((n) => n.text === text)) show(kind, text);
  },
  error: (text: string) => show('error', text),
  info: (text: string) => show('info', text),
  /** A success with a button for `ms` (not the shell's own notices: theirs are plain, for 3 s). */
  successWithAction: (text: string, action: NoticeAction, ms: number) => show('success', text, { action, ms }),
  /** Ends a notice now (its button was pressed). */
  dismiss: (id: number) => remove(id),
};

export const noticeStore = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  get: () => notices,
  /** The view drew these notices: each goes `SHOWN_MS` after it was first drawn. */
  drawn(ids: number[]) {
    for (const id of ids) {
      if (!timers.has(id) || drawnIds.has(id)) continue;
      drawnIds.add(id);
      clearTimeout(timers.get(id));
      timers.set(
        id,
        setTimeout(() => remove(id), notices.find((n) => n.id === id)?.ms ?? SHOWN_MS),
      );
    }
  },
};
