/**
 * Build-time stand-in for `error-stack-parser` (aliased in vite.config.ts): Refine's devtools use it
 * to trace calls in development only (production builds return before calling it).
 */
export default { parse: (): never[] => [] };
