import type { z } from 'zod';
import { hasControlCharacters } from '../../../../core/contracts/text';
import { MESSAGES, type MessageKey } from '../../../i18n/messages';
import { translate } from '../../../i18n/translate';

/**
 * Where a problem of an import lies: in the results file, in the deductions, or in one of the
 * options (`--rules`, `--competition`, `--season`).
 */
export type ImportInput = 'file' | 'deductions' | 'rules' | 'competition' | 'season' | 'fileName';

export interface ImportProblem {
  input: ImportInput;
  /**
   * the place inside the input: a match by its teams, date and round and then the field
   * (`Kocaelispor v Sivasspor (2025-02-04, Group D), score.ht`), or `[0].team`; '' for the input itself
   */
  path: string;
  message: MessageKey;
  params?: Record<string, string | number>;
}

/** At most this many problems are listed: a file broken everywhere says so in a few lines. */
const MAX_PROBLEMS = 10;

/**
 * A malformed import: the file, the deductions or an option is wrong, and nothing was written.
 * The message names each problem (in English, for the command line), prefixed by the file it
 * is in; `problems` carries them as message keys for the staff console's answer.
 */
export class ImportError extends Error {
  readonly problems: ImportProblem[];

  constructor(problems: ImportProblem[], names: { fileName: string; deductionsName?: string }) {
    const shown = problems.slice(0, MAX_PROBLEMS);
    const lines = shown.map((problem) => `${locate(problem, names)}: ${translate('en', problem.message, problem.params)}`);
    if (problems.length > shown.length) lines.push(`and ${problems.length - shown.length} more`);
    super(lines.join('; '));
    this.name = 'ImportError';
    this.problems = shown;
  }
}

function locate(problem: ImportProblem, names: { fileName: string; deductionsName?: string }): string {
  switch (problem.input) {
    case 'file':
      return problem.path === '' ? names.fileName : `${names.fileName}: ${problem.path}`;
    case 'deductions': {
      const name = names.deductionsName ?? 'deductions';
      return problem.path === '' ? name : `${name}: ${problem.path}`;
    }
    case 'fileName':
      return `file name "${names.fileName}"`;
    default:
      return `--${problem.input}`;
  }
}

export function isImportError(error: unknown): error is ImportError {
  return error instanceof ImportError;
}

/** `matches.12.score.ft` → `matches[12].score.ft`; `[0].team` for a top-level array. */
export function formatPath(path: readonly PropertyKey[]): string {
  let text = '';
  for (const part of path) {
    if (typeof part === 'number') text += `[${part}]`;
    else text += text === '' ? String(part) : `.${String(part)}`;
  }
  return text;
}

function isMessageKey(value: string): value is MessageKey {
  return Object.hasOwn(MESSAGES.en, value);
}

/** The value at `path` inside `root`, or undefined when the path leads nowhere. */
function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let value = root;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/** Control characters (a NUL) are what a problem may be about: never echoed into the place. */
function withoutControlCharacters(value: string): string {
  return [...value].filter((character) => !hasControlCharacters(character)).join('');
}

function textOf(value: unknown): string | null {
  const text = typeof value === 'string' ? withoutControlCharacters(value).trim() : '';
  if (text !== '') return text.slice(0, 100);
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

/**
 * How a person finds a match in a results file: its teams, date and round, as the file writes
 * them ("Kocaelispor v Sivasspor (2025-02-04, Group D)"). A part the file lacks is "?"; null
 * when the match is not an object or names neither team, and only its index can say which.
 */
export function describeMatch(match: unknown): string | null {
  if (match === null || typeof match !== 'object' || Array.isArray(match)) return null;
  const fields = match as Record<string, unknown>;
  const [home, away] = [textOf(fields.team1), textOf(fields.team2)];
  if (home === null && away === null) return null;
  return `${home ?? '?'} v ${away ?? '?'} (${textOf(fields.date) ?? '?'}, ${textOf(fields.round) ?? '?'})`;
}

/**
 * Where an issue lies, for a person: inside a match, the match by its teams, date and round
 * and then the field (`Kocaelispor v Sivasspor (2025-02-04, Group D), score.ht`), not its index;
 * elsewhere the path (`matches`, `[0].team`).
 */
export function placeOf(path: readonly PropertyKey[], root: unknown): string {
  if (path[0] === 'matches' && typeof path[1] === 'number') {
    const described = describeMatch(valueAt(root, path.slice(0, 2)));
    if (described !== null) {
      const rest = formatPath(path.slice(2));
      return rest === '' ? described : `${described}, ${rest}`;
    }
  }
  return formatPath(path);
}

/**
 * The problems of a failed zod parse of `root`, one input of the import. A schema names its own
 * message keys; a missing field says so; other issues get the generic message of their kind.
 */
export function problemsOfZodError(input: ImportInput, error: z.ZodError, root: unknown): ImportProblem[] {
  return error.issues.map((issue): ImportProblem => {
    const path = placeOf(issue.path, root);
    if (issue.code === 'unrecognized_keys') return { input, path, message: 'imports.field.unknown', params: { keys: issue.keys.join(', ') } };
    if (issue.code === 'invalid_type' && valueAt(root, issue.path) === undefined) return { input, path, message: 'imports.field.required' };
    if (isMessageKey(issue.message)) {
      const params = issue.code === 'custom' ? (issue.params as Record<string, string | number> | undefined) : undefined;
      return params ? { input, path, message: issue.message, params } : { input, path, message: issue.message };
    }
    switch (issue.code) {
      case 'invalid_type':
        return {
          input,
          path,
          message:
            issue.expected === 'string'
              ? 'api.validation.notAString'
              : issue.expected === 'number'
                ? 'api.validation.notANumber'
                : issue.expected === 'int'
                  ? 'api.validation.notAnInteger'
                  : 'api.validation.invalid',
        };
      case 'too_small':
        return { input, path, message: issue.origin === 'string' ? 'api.validation.tooShort' : 'api.validation.tooSmall', params: { min: String(issue.minimum) } };
      case 'too_big':
        return { input, path, message: issue.origin === 'string' ? 'api.validation.tooLong' : 'api.validation.tooBig', params: { max: String(issue.maximum) } };
      case 'invalid_value':
        return { input, path, message: 'api.validation.notAllowed' };
      default:
        return { input, path, message: 'api.validation.invalid' };
    }
  });
}
