// oidc-provider ships no type declarations; these cover what the test provider uses.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export interface AccountClaims {
    sub: string;
    [claim: string]: unknown;
  }

  export interface Account {
    accountId: string;
    claims(use: string, scope: string): AccountClaims | Promise<AccountClaims>;
  }

  export interface ClientMetadata {
    client_id: string;
    client_secret?: string;
    redirect_uris: string[];
    grant_types?: string[];
    response_types?: string[];
    token_endpoint_auth_method?: string;
  }

  export interface Configuration {
    clients?: ClientMetadata[];
    findAccount?: (context: unknown, sub: string) => Account | undefined | Promise<Account | undefined>;
    claims?: Record<string, string[] | null>;
    scopes?: string[];
    features?: Record<string, { enabled: boolean }>;
    pkce?: { required?: () => boolean };
    cookies?: { keys?: string[] };
    ttl?: Record<string, number>;
  }

  export default class Provider {
    constructor(issuer: string, configuration?: Configuration);
    /** The provider as a Node request listener (it is a Koa application). */
    callback(): (request: IncomingMessage, response: ServerResponse) => void;
    on(event: 'server_error', listener: (context: unknown, error: Error) => void): this;
  }
}
