// The report queue's query keys (/manage/reports); a decision refreshes the queue and the dashboard's count.
export const reportKeys = {
  all: ['reports'] as const,
  queue: ['reports', 'queue'] as const,
};
