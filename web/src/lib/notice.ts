export type NoticeKind = 'success' | 'warning' | 'error' | 'info';
export interface Notice {
  id: number;
  kind: NoticeKind;
  text: string;
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

function show(kind: NoticeKind, text: string, ms = 3000): void {
  const id = nextId++;
  notices = [...notices.filter((n) => !replaces(kind, n)), { id, kind, text }];
  emit();
  setTimeout(() => {
    notices = notices.filter((n) => n.id !== id);
    emit();
  }, ms);
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
};

export const noticeStore = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  get: () => notices,
};
