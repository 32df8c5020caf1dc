/** Timeouts and bounded concurrency for calls to other services (ADR 0219). */
export { type Bulkhead, type BulkheadOptions, bulkhead, DependencyUnavailableError } from './bulkhead.ts';
