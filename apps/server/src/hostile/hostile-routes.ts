/// <reference types="vite/types/importMeta.d.ts" />
import type { HostileRoute } from './hostile-entry.ts';

/**
 * The hostile table: every module's entries, from the `*.hostile.ts` file beside its routes. Found by their name,
 * so a new module's file is collected without a line here.
 */
const entriesByFile = import.meta.glob<HostileRoute[] | undefined>('../**/*.hostile.ts', {
  eager: true,
  import: 'hostileRoutes',
});

export const HOSTILE_ROUTES: HostileRoute[] = Object.entries(entriesByFile).flatMap(([file, entries]) => {
  if (!entries) throw new Error(`${file} exports no hostileRoutes`);
  return entries;
});
