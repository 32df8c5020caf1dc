/**
 * Reply schemas never change an answer and, under NODE_ENV=test only, fail a reply that does not match (ADR 0301).
 */
import Fastify from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { installReplyCheck, replies, replySerializerCompiler } from './reply-schemas.ts';

const thing = z.looseObject({ thing: z.looseObject({ id: z.string(), count: z.number() }) });

async function appFor(nodeEnv: string) {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(replySerializerCompiler);
  installReplyCheck(app, nodeEnv);
  const schema = { response: replies({ 200: thing }) };
  app.get('/object/:shape', { schema }, async (req) => {
    const { shape } = req.params as { shape: string };
    return shape === 'good'
      ? { thing: { id: 'a', count: 1, extra: 'kept' }, more: [1] }
      : { thing: { id: 'a', count: 'one' }, more: [1] };
  });
  app.get('/text/:shape', { schema }, async (req, reply) => {
    const { shape } = req.params as { shape: string };
    const text = shape === 'good' ? '{"thing":{"id":"a","count":2,"x":null}}' : '{"thing":{"count":2}}';
    return reply.type('application/json; charset=utf-8').send(text);
  });
  app.get('/refused', { schema }, async (_req, reply) => reply.code(404).send({ message: 'not found' }));
  return app;
}

describe('reply schemas', () => {
  it('outside tests, answer every reply unchanged: unknown keys kept, a mismatch sent as it is', async () => {
    const app = await appFor('production');
    const good = await app.inject('/object/good');
    expect(good.statusCode).toBe(200);
    expect(good.json()).toEqual({ thing: { id: 'a', count: 1, extra: 'kept' }, more: [1] });
    const bad = await app.inject('/object/bad');
    expect(bad.statusCode).toBe(200);
    expect(bad.json()).toEqual({ thing: { id: 'a', count: 'one' }, more: [1] });
    // Fastify does not serialise a string payload: the JSON text goes out byte for byte
    expect((await app.inject('/text/good')).body).toBe('{"thing":{"id":"a","count":2,"x":null}}');
    expect((await app.inject('/text/bad')).body).toBe('{"thing":{"count":2}}');
  });

  it('under NODE_ENV=test, pass a matching reply unchanged and turn a mismatch into a 500 naming the keys', async () => {
    const app = await appFor('test');
    const good = await app.inject('/object/good');
    expect(good.statusCode).toBe(200);
    expect(good.json()).toEqual({ thing: { id: 'a', count: 1, extra: 'kept' }, more: [1] });
    expect((await app.inject('/text/good')).statusCode).toBe(200);
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (m: unknown) => errors.push(m);
    try {
      const bad = await app.inject('/object/bad');
      expect(bad.statusCode).toBe(500);
      expect(bad.json().message).toContain('GET /object/:shape 200');
      expect(bad.json().message).toContain('thing.count');
      // a JSON text reply is checked too
      const badText = await app.inject('/text/bad');
      expect(badText.statusCode).toBe(500);
      expect(badText.json().message).toContain('thing.id');
    } finally {
      console.error = original;
    }
    expect(errors).toHaveLength(2);
    // a status without a schema is not checked
    expect((await app.inject('/refused')).statusCode).toBe(404);
  });
});
