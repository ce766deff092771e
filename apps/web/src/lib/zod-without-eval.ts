// The shop's Content-Security-Policy allows no eval. Left to itself, zod probes `new Function` on its first
// parse to compile faster validators: the policy blocks the probe and Chrome reports it as a violation.
// zod reads its settings from this global when it loads; setting it here, rather than calling z.config(),
// keeps zod itself out of the first-load bundle (only the lazily loaded forms use it).
declare global {
  var __zod_globalConfig: { jitless?: boolean } | undefined;
}

globalThis.__zod_globalConfig = { ...globalThis.__zod_globalConfig, jitless: true };

export {};
