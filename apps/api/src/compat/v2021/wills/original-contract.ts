/**
 * The 2021 client's will wizard on the wills module's routes (issue 39 items 1 and 2; ADR 0255), registered by
 * {@link willsOnRoutes} before that module declares its routes (modules.ts):
 * - the will as that client reads it, `GET /wasiat/{id}` and `GET /wasiat` (original-read.ts), as
 *   `preSerialization` hooks after the route's own answer;
 * - its MyKad images before its particulars: in a 2021-contract session (ADR 0135) a MyKad image upload
 *   (`POST wasiat/{id}/document`, `type` `mykad-front`/`mykad-back`) needs part `c` open — the testator's
 *   particulars, which that client saves only once both images exist (its part E) — instead of part `document`,
 *   which follows them. The image depends on nothing the particulars give: its number is checked against the
 *   testator's MyKad, known from part a (the account is made by MyKad). Parts a, b and the payment stay required;
 * - its submission without the code it never asks for: the testator is mailed a link to finish it in this
 *   platform's own part G (submit-exchange.ts; ADR 0279).
 */
import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../../../context.ts';
import { registerMykadUploadReading } from '../../../modules/wills/index.ts';
import { isOriginalSession } from '../edge.ts';
import { willReadHooks } from './original-read.ts';
import { submitExchange } from './submit-exchange.ts';

/** Attach the hooks and register the reading (see the module comment); call BEFORE the wills module's routes. */
export function willsOnRoutes(api: FastifyInstance, ctx: Ctx) {
  registerMykadUploadReading((req) => (isOriginalSession(req) ? 'c' : 'document'));
  const read: Record<string, ReturnType<typeof submitExchange>> = { ...willReadHooks(ctx) };
  // The submission without the code that client never asks for: the testator is mailed a link (submit-exchange.ts).
  const exchange = submitExchange(ctx);
  read['PATCH /wasiat/:id'] = exchange;
  read['PUT /wasiat/:id'] = exchange;
  api.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      const hook = read[`${method} ${route.url.replace(/^\/api/, '')}`];
      if (!hook) continue;
      const before = route.preSerialization ? [route.preSerialization].flat() : [];
      route.preSerialization = [...before, hook] as typeof route.preSerialization;
    }
  });
}
