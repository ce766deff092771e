import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors/app-error.ts';

/** Deeper than any body the shop takes; deeper ones only cost stack (Better Auth re-serializes bodies). */
export const MAX_INPUT_DEPTH = 32;

/** NUL cannot be stored in PostgreSQL text, and an unpaired surrogate is no Unicode text at all. */
const UNSTORABLE_CHARACTER = /[\0\p{Cs}]/u;

const PARTS = [
  ['query', 'query parameter'],
  ['params', 'path parameter'],
  ['body', 'body'],
] as const;

/** What is wrong with a parsed input, walked without recursion so that any depth is safe to inspect. */
function problemOf(input: unknown): string | undefined {
  const pending: { value: unknown; depth: number }[] = [{ value: input, depth: 0 }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { value, depth } = next;
    if (typeof value === 'string' && UNSTORABLE_CHARACTER.test(value)) {
      return 'text may not hold NUL characters or unpaired UTF-16 surrogates';
    }
    if (typeof value !== 'object' || value === null) continue;
    if (depth >= MAX_INPUT_DEPTH) return `nesting deeper than ${MAX_INPUT_DEPTH} levels is refused`;
    for (const [key, item] of Object.entries(value)) {
      pending.push({ value: key, depth }, { value: item, depth: depth + 1 });
    }
  }
  return undefined;
}

async function refuseUnstorableInput(request: FastifyRequest): Promise<void> {
  for (const [part, name] of PARTS) {
    const problem = problemOf(request[part]);
    if (problem) throw new AppError('BAD_REQUEST', `Invalid ${name}: ${problem}`);
  }
}

/**
 * Input every route refuses before it is validated or stored: JSON bodies that are not UTF-8 (they would be
 * stored with replacement characters), and text no database column can hold.
 */
export function registerInputGuard(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  const utf8 = new TextDecoder('utf-8', { fatal: true });
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    // Many clients label a body-less DELETE as JSON: nothing sent is no body, not invalid JSON.
    if ((body as Buffer).length === 0) {
      done(null, undefined);
      return;
    }
    let text: string;
    try {
      text = utf8.decode(body as Buffer);
    } catch {
      done(new AppError('BAD_REQUEST', 'The body is not valid UTF-8'), undefined);
      return;
    }
    void parseJson(request, text, done);
  });
  app.addHook('preValidation', refuseUnstorableInput);
}
