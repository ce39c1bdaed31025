// The site pages' query keys.
export const siteKeys = {
  status: ['site', 'status'] as const,
};
