// The NOTAMs this browser has acknowledged with 我知道了 (§3.1): ids under localStorage.notamAck. A
// list, not the last id: when a newer NOTAM ends, the older one it covered is not shown again.
const KEY = 'notamAck';
const KEEP = 50;

function read(): number[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    if (typeof value === 'number') return [value];
    return Array.isArray(value) ? value.filter((id): id is number => typeof id === 'number') : [];
  } catch {
    return [];
  }
}

export const isAcknowledged = (id: number): boolean => read().includes(id);

export function acknowledge(id: number): void {
  const ids = [...read().filter((known) => known !== id), id].slice(-KEEP);
  try {
    localStorage.setItem(KEY, JSON.stringify(ids));
  } catch {
    // storage refused: the notice shows again next time, which is the safe side
  }
}
