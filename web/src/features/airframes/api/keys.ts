// The airframes feature's query keys: an airframe, a registration's airframes, a livery, a fleet. Merges,
// splits and a screener's correction refresh everything under `airframes`.
export const airframeKeys = {
  all: ['airframes'] as const,
  one: (id: number) => ['airframes', id] as const,
  list: (params: Readonly<Record<string, string>>) => ['airframes', 'list', params] as const,
  livery: (id: number) => ['airframes', 'livery', id] as const,
  fleet: (by: string, id: number, missing: boolean) => ['airframes', 'fleet', by, id, missing] as const,
};
