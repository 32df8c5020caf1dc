/**
 * The 2021 client's hibah list (issue 20; reference §2.3; ADR 0181): its estate-trust store reads
 * `hibahs.data[0].user_detail` without naming it in `load_with`, so in a 2021-contract session (ADR 0135)
 * `GET /hibah` loads the particulars with every entry (`load_with` gains `userDetail`); our own client names them.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { attachPreValidation, isObject } from '../calls.ts';
import { isOriginalSession } from '../edge.ts';

/** `load_with` (a comma-separated list of relations) with `userDetail` added when it is not there. */
export function withUserDetail(loadWith: unknown): string {
  const names = typeof loadWith === 'string' ? loadWith.split(',').map((s) => s.trim()) : [];
  return names.includes('userDetail') ? String(loadWith) : [...names.filter(Boolean), 'userDetail'].join(',');
}

/** Attach the hook of the module comment to `GET /hibah` (modules.ts, before the hibah module's routes). */
export function hibahListOnRoutes(api: FastifyInstance) {
  attachPreValidation(api, {
    'GET /hibah': async (req: FastifyRequest) => {
      if (isOriginalSession(req) && isObject(req.query)) req.query.load_with = withUserDetail(req.query.load_with);
    },
  });
}
