import { describe, expect, it } from 'vitest';
import { bannerImageUrl, categoryImageUrl, productImageUrl, slugify } from '../../images/image-urls.ts';
import { useTestApp } from '../../test/test-app.ts';

const testApp = useTestApp();

const get = (url: string) => testApp.app.inject({ method: 'GET', url });

describe('generated images', () => {
  it.each([
    ['a product image', productImageUrl(slugify('Aurora Wireless Headphones Pro'), 1), 'Aurora Wireless'],
    ['an extra product image', productImageUrl('aurora-wireless-headphones-pro', 3), 'Aurora Wireless'],
    ['a category card', categoryImageUrl(slugify('Home & Kitchen')), 'Home'],
    ['a banner', bannerImageUrl(2), '<svg'],
  ])('serves %s as a cacheable SVG', async (_, url, text) => {
    const response = await get(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.body).toMatch(/^<svg[^>]+xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(response.body).toContain(text);
    expect(response.body).not.toMatch(/https?:\/\/(?!www\.w3\.org)/);
  });

  it('draws the same picture for the same URL and a different one for another variant', async () => {
    const first = await get(productImageUrl('oak-bookshelf', 1));
    expect((await get(productImageUrl('oak-bookshelf', 1))).body).toBe(first.body);
    expect((await get(productImageUrl('oak-bookshelf', 2))).body).not.toBe(first.body);
  });

  it('accepts the longest slug a product name can give', async () => {
    const slug = slugify('x'.repeat(500));
    expect(slug).toHaveLength(120);
    expect((await get(productImageUrl(slug, 1))).statusCode).toBe(200);
  });

  it.each([
    '/images/products/Upper-Case/1.svg',
    '/images/products/a%3Cscript%3E/1.svg',
    '/images/products/lamp/0.svg',
    '/images/products/lamp/21.svg',
    '/images/products/lamp/1.5.svg',
    '/images/banners/5.svg',
  ])('rejects %s with 400 JSON', async (url) => {
    const response = await get(url);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'VALIDATION_ERROR' });
  });

  it('answers an unknown image path with 404 JSON, not the web app', async () => {
    const response = await get('/images/nothing/here.png');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: 'NOT_FOUND' });
  });
});
