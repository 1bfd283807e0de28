/** Short notices (toasts) any part of the app can raise, e.g. "Please log in first". */
export interface Notice {
  id: number;
  message: string;
  /** an optional link shown with the message */
  action?: { label: string; to: string };
}

type Listener = (notices: readonly Notice[]) => void;

let notices: readonly Notice[] = [];
let nextId = 1;
const listeners = new Set<Listener>();

function emit(): void {
  for (const listener of listeners) listener(notices);
}

export function showNotice(notice: Omit<Notice, 'id'>): number {
  const id = nextId++;
  // The same message twice in a row is one notice, not a stack of them.
  notices = [...notices.filter((n) => n.message !== notice.message), { ...notice, id }];
  emit();
  return id;
}

export function dismissNotice(id: number): void {
  notices = notices.filter((n) => n.id !== id);
  emit();
}

export function subscribeNotices(listener: Listener): () => void {
  listeners.add(listener);
  listener(notices);
  return () => {
    listeners.delete(listener);
  };
}
