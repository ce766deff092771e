import { randomInt } from 'node:crypto';
import type { Product } from '@bazaar/shared/products';
import { callShop } from './http.ts';
import { signUp } from './orders.ts';

/** Edits of one product in the flood: as many as the review's (issue 42, point 2) that grew the dictionary 400-fold. */
export const FLOOD_EDITS = 1500;

/** Eight random letters: a word no product had. */
const randomWord = () => Array.from({ length: 8 }, () => String.fromCharCode(97 + randomInt(26))).join('');

/**
 * A seller adds one product and rewrites it `edits` times, five new random words each time (name, brand,
 * category), as a seller flooding the search's dictionary would; answers how long the writes took.
 */
export async function floodOneProduct(shopUrl: string, edits = FLOOD_EDITS): Promise<{ seconds: number }> {
  const seller = await signUp(shopUrl, `bench-${Date.now().toString(36)}-flooder@bazaar.test`);
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${seller.token}` };
  const { body: product } = await callShop<Product>(`${shopUrl}/api/products`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ name: 'Bench flood', price: 5 }),
  });
  const started = performance.now();
  for (let edit = 0; edit < edits; edit++) {
    await callShop(`${shopUrl}/api/products/${product._id}`, {
      method: 'PATCH',
      headers,
      body: JSON.stringify({
        name: `${randomWord()} ${randomWord()} ${randomWord()}`,
        brand: randomWord(),
        categories: [randomWord()],
      }),
    });
  }
  return { seconds: (performance.now() - started) / 1000 };
}
