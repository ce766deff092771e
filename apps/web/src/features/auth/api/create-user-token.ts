import { sendJson } from '../../../lib/api-client.ts';
import { storedToken } from '../token-store.ts';

/** Posts the signed-in user to the shop, as the spec does after each sign-in, and keeps the token it returns. */
export async function createUserToken(user: { name: string; email: string }): Promise<void> {
  const { token } = await sendJson<{ token: string }>('POST', '/api/users', {
    name: user.name,
    email: user.email,
  });
  storedToken.write(token);
}
