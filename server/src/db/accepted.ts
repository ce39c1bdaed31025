import { sql } from 'kysely';

/**
 * The condition "the photo is accepted", as every partial index on accepted photos writes it: a literal,
 * not a parameter, since SQLite uses a partial index only when the query repeats its WHERE term as written.
 */
export const ACCEPTED = sql<boolean>`photos.state = 'accepted'`;
