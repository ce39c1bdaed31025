// The users admin's query keys: a change refreshes the list and the open user together.
export const manageUserKeys = {
  all: ['manage-users'] as const,
  list: (q: string) => ['manage-users', 'list', q] as const,
  user: (id: number) => ['manage-users', 'user', id] as const,
};
