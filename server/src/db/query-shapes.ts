import type { CompiledQuery } from 'kysely';

// Queries compiled once per shape (issue 37). Building a gallery page with Kysely cost about 100 µs of
// reference parsing and node copying, and compiling it 25 µs more, for SQL text that only a handful of
// facts decide: which filters are present, the sort, the plan. A shape's key names those facts; its
// values are what the query binds. The first query of a shape is built twice with stand-in values; where
// a stand-in comes back as a parameter, that parameter is the value, and every other parameter must be
// the same in both builds (a constant). A shape whose SQL or constants differ between the two, because a
// value was changed on its way in, is never kept and is built every time.

type Value = string | number;

interface Compilable<R> {
  compile(): CompiledQuery<R>;
}

/** Where each parameter comes from: the index of a value, or a constant. */
type Slot = { value: number } | { constant: unknown };

interface Shape {
  compiled: CompiledQuery<unknown>;
  slots: Slot[];
}

/** Stand-ins no real value equals: strings of control characters, numbers past any id or count. */
function standIns(values: readonly Value[], round: 1 | 2): Value[] {
  return values.map((v, i) => (typeof v === 'number' ? round * 2 ** 40 + i : `\u0001${round}:${i}\u0001`));
}

function learn<R>(values: readonly Value[], build: (values: readonly Value[]) => Compilable<R>): Shape | null {
  const ones = standIns(values, 1);
  const twos = standIns(values, 2);
  const first = build(ones).compile();
  const second = build(twos).compile();
  if (first.sql !== second.sql || first.parameters.length !== second.parameters.length) return null;
  const slots: Slot[] = [];
  for (let p = 0; p < first.parameters.length; p++) {
    const a = first.parameters[p];
    const value = ones.indexOf(a as Value);
    if (value >= 0 && second.parameters[p] === twos[value]) slots.push({ value });
    else if (a === second.parameters[p] && (typeof a !== 'string' || !a.includes('\u0001'))) slots.push({ constant: a });
    else return null;
  }
  return { compiled: first, slots };
}

export class QueryShapes {
  readonly #shapes = new Map<string, Shape | null>();

  /**
   * @param checked build each query afresh as well and throw if the kept shape gives anything else
   *   (tests and development; production trusts the shape).
   */
  constructor(
    private readonly checked: boolean,
    private readonly max = 2_000,
  ) {}

  /**
   * The query `build(values)` compiles to. `key` must name everything that decides the SQL; `build` may
   * only bind each value as it is, never test or change it.
   */
  compile<R>(key: string, values: readonly Value[], build: (values: readonly Value[]) => Compilable<R>): CompiledQuery<R> {
    let shape = this.#shapes.get(key);
    if (shape === undefined) {
      shape = learn(values, build);
      if (this.#shapes.size >= this.max) this.#shapes.delete(this.#shapes.keys().next().value!);
      this.#shapes.set(key, shape);
    }
    if (shape === null) return build(values).compile();
    const compiled = {
      ...shape.compiled,
      parameters: shape.slots.map((slot) => ('value' in slot ? values[slot.value] : slot.constant)),
    } as CompiledQuery<R>;
    if (this.checked) {
      const fresh = build(values).compile();
      if (fresh.sql !== compiled.sql || JSON.stringify(fresh.parameters) !== JSON.stringify(compiled.parameters)) {
        throw new Error(`QueryShapes: the shape ${key} compiles otherwise than its query: ${fresh.sql}`);
      }
    }
    return compiled;
  }

  /** Shapes kept and shapes refused, for the tests. */
  get size(): { kept: number; refused: number } {
    let refused = 0;
    for (const shape of this.#shapes.values()) if (shape === null) refused++;
    return { kept: this.#shapes.size - refused, refused };
  }
}
