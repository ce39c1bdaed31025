// The gallery's search for some filters, as a /search link (the URL's names are the API's, §3.3).
export const searchLink = (params: Record<string, string | number>) =>
  `/search?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]))}`;
