import { z } from 'zod';

// The shop's Content-Security-Policy allows no eval. Left to itself, zod probes `new Function` on its first
// parse to compile faster validators: the policy blocks the probe and Chrome reports it as a violation.
z.config({ jitless: true });
