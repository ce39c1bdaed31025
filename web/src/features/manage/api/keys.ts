// The management dashboard's query keys.
export const manageKeys = {
  summary: ['manage', 'summary'] as const,
  failedJobs: ['manage', 'jobs'] as const,
};
