// The notifications feature's query keys, per member: the header's unread counts and the inboxes.
export const notificationKeys = {
  all: ['notifications'] as const,
  unread: (userId: number | null) => ['notifications', userId, 'unread'] as const,
  inbox: (userId: number) => ['notifications', userId, 'inbox'] as const,
};

export const messageKeys = {
  all: ['messages'] as const,
  unread: (userId: number | null) => ['messages', userId, 'unread'] as const,
  inbox: (userId: number) => ['messages', userId, 'inbox'] as const,
};
