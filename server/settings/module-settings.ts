import { z } from 'zod';

/**
 * Settings a feature declares itself (docs/architecture.md): the environment variables it reads,
 * each a parser with its default, in its module definition (`settings`). The server checks every
 * module's variables with its own at start-up (server/env.ts parseEnv: one line per bad value),
 * and the module reads them typed with `readSettings` from the environment it is built with. A
 * new feature's setting never touches server/env.ts.
 */
export type SettingsShape = Readonly<Record<string, z.ZodType>>;
export type SettingsOf<S extends SettingsShape> = z.output<z.ZodObject<{ -readonly [K in keyof S]: S[K] }>>;
/** The raw variables (process.env, or what a test gives): unset or blank means the default. */
export type RawEnvironment = Readonly<Record<string, string | undefined>>;

export function defineSettings<const S extends SettingsShape>(shape: S): S {
  for (const name of Object.keys(shape)) {
    if (!/^[A-Z][A-Z0-9_]*$/.test(name)) throw new Error(`setting ${name}: environment variable names are upper case`);
  }
  return shape;
}

/** One line per bad variable of these shapes, `NAME: message`; none when every value fits. */
export function settingsIssues(shapes: readonly SettingsShape[], source: RawEnvironment): string[] {
  const lines: string[] = [];
  for (const shape of shapes) {
    const result = z.object(shape).safeParse(source);
    if (!result.success) for (const issue of result.error.issues) lines.push(`${String(issue.path[0] ?? 'environment')}: ${issue.message}`);
  }
  return lines;
}

/** A feature's settings, typed, from the raw variables (each default where unset); a bad value throws, naming it. */
export function readSettings<const S extends SettingsShape>(shape: S, source: RawEnvironment): SettingsOf<S> {
  const issues = settingsIssues([shape], source);
  if (issues.length > 0) throw new Error(`Invalid environment:\n  ${issues.join('\n  ')}`);
  return z.object(shape).parse(source) as SettingsOf<S>;
}

/* The parsers variables are made of. */

/** Empty strings count as unset: `FOO=` in an env file means "use the default". */
export function blankToUndefined(value: unknown): unknown {
  return typeof value === 'string' && value.trim() === '' ? undefined : value;
}

export function optional<T extends z.ZodType>(schema: T) {
  return z.preprocess(blankToUndefined, schema.optional());
}

export function withDefault<T extends z.ZodType>(schema: T, fallback: z.input<T>) {
  return z.preprocess((value) => blankToUndefined(value) ?? fallback, schema);
}

export function integerIn(min: number, max: number, message: string) {
  return z
    .string()
    .regex(/^-?\d+$/, message)
    .transform(Number)
    .pipe(z.number().int().min(min, message).max(max, message));
}

/** An integer variable between min and max with its default, and the message that says so. */
export function integerSetting(min: number, max: number, fallback: number) {
  return withDefault(integerIn(min, max, `must be an integer between ${min} and ${max}`), String(fallback));
}
