import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type Account } from 'oidc-provider';

/** Who a login name stands for at the provider: the claims Google would send. */
export interface OidcPerson {
  email: string;
  name: string;
  picture: string;
}

export interface TestOidcProvider {
  /** The issuer URL, which is also where discovery is served. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  close(): Promise<void>;
}

/**
 * An OpenID Connect provider on 127.0.0.1 standing in for Google, with one client: the shop.
 * Its built-in development pages ask for a login (any password) and a consent; a login names a key of `people`.
 */
export async function startOidcProvider(options: {
  redirectUri: string;
  people: Record<string, OidcPerson>;
}): Promise<TestOidcProvider> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = 'bazaar-shop';
  const clientSecret = randomBytes(24).toString('base64url');

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [options.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        // Better Auth sends the secret in the token request's body by default.
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    findAccount(_context, sub): Account | undefined {
      const person = options.people[sub];
      if (!person) return undefined;
      return {
        accountId: sub,
        claims: () => ({
          sub,
          email: person.email,
          email_verified: true,
          name: person.name,
          picture: person.picture,
        }),
      };
    },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'picture'] },
    scopes: ['openid', 'email', 'profile'],
    features: { devInteractions: { enabled: true } },
    // Refuse any authorization request without PKCE, so the test proves the shop sends it.
    pkce: { required: () => true },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    // Explicit lifetimes (seconds) keep the provider from printing a notice for each default it uses.
    ttl: {
      Interaction: 600,
      Session: 3600,
      Grant: 3600,
      AccessToken: 600,
      IdToken: 600,
      AuthorizationCode: 60,
    },
  });
  provider.on('server_error', (_context, error) => console.error('test OIDC provider failed:', error));
  server.on('request', provider.callback());

  return {
    issuer,
    clientId,
    clientSecret,
    async close() {
      // The shop's fetch keeps connections alive; close them so that close() returns.
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      );
    },
  };
}
