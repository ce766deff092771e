import { describe, expect, it } from 'vitest';
import { uploadIdOf, uploadSrcSet } from './uploads.ts';

const ID = '0b7e3c52-5a40-4f4e-9d4b-3a1f7d9c2e11';

describe('uploaded picture URLs', () => {
  it('give every stored width of an upload, on its own origin', () => {
    expect(uploadSrcSet(`https://shop.example/media/${ID}/1280.webp`)).toBe(
      [320, 640, 960, 1280]
        .map((width) => `https://shop.example/media/${ID}/${width}.webp ${width}w`)
        .join(', '),
    );
    expect(uploadIdOf(`https://shop.example/media/${ID}/640.webp`)).toBe(ID);
  });

  it('give nothing for any other picture', () => {
    for (const url of [
      'https://cdn.example/photo.jpg',
      '/images/products/tea/1.svg',
      `https://shop.example/media/${ID}/1280.png`,
      `https://shop.example/media/not-an-id/1280.webp`,
      'not a url',
    ]) {
      expect(uploadSrcSet(url), url).toBeUndefined();
      expect(uploadIdOf(url), url).toBeUndefined();
    }
  });
});
