declare const holds: unique symbol;

/**
 * A JSON column: text in both databases, known to hold a `T`. The shape is declared once, on the
 * column in schema.ts; `toJson` is the only way to write one and `fromJson` reads it back as that
 * shape, so no query site parses and casts by hand.
 */
export type Json<T> = string & { readonly [holds]: T };

export const toJson = <T>(value: T): Json<T> => JSON.stringify(value) as Json<T>;

export const fromJson = <T>(text: Json<T>): T => JSON.parse(text) as T;
