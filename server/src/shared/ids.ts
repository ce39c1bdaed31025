/** Each id once, the nulls left out: the ids a batch of rows names, to look them up in one query. */
export const distinctIds = (values: readonly (number | null | undefined)[]): number[] => [
  ...new Set(values.filter((v): v is number => v !== null && v !== undefined)),
];
