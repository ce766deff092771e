import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fakeWebBuild } from '../../test/web-build.ts';
import { PAGE_SOURCES, readPageModules } from './page-modules.ts';

describe('the script files of each page', () => {
  it('are the page’s own chunk and those it imports, once each, without the entry', () => {
    expect(readPageModules(fakeWebBuild())).toEqual({
      product: ['/assets/product-page-p1.js', '/assets/shared-s1.js'],
      seller: ['/assets/seller-page-s2.js', '/assets/shared-s1.js'],
      category: [],
      search: [],
    });
  });

  it('are none without a manifest or a build', () => {
    const empty = { product: [], category: [], seller: [], search: [] };
    expect(readPageModules(mkdtempSync(join(tmpdir(), 'bazaar-web-')))).toEqual(empty);
    expect(readPageModules(undefined)).toEqual(empty);
  });

  it('name source files the web app has (a renamed page must be renamed here too)', () => {
    const webApp = new URL('../../../../web/', import.meta.url);
    for (const source of Object.values(PAGE_SOURCES)) {
      expect(existsSync(new URL(source, webApp)), source).toBe(true);
    }
  });
});
