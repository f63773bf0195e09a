// The few parts of `oidc-provider` (v9 ships no types; @types/oidc-provider is not installed) that the test
// provider of tests/server/helpers/oidcProvider.ts uses.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  interface Grant {
    addOIDCScope(scope: string): void;
    addOIDCClaims(claims: string[]): void;
    save(): Promise<string>;
  }
  interface OidcContext {
    result?: { consent?: { grantId?: string } };
    session?: { accountId?: string; grantIdFor(clientId: string): string | undefined };
    client?: { clientId: string };
    provider: { Grant: { new (options: { clientId: string; accountId: string }): Grant; find(id: string): Promise<Grant | undefined> } };
  }
  interface KoaContext {
    path: string;
    body: unknown;
    oidc: OidcContext;
  }
  type Account = { accountId: string; claims(): Promise<Record<string, unknown>> };

  export default class Provider {
    constructor(
      issuer: string,
      configuration: Record<string, unknown> & {
        interactions?: { url(ctx: KoaContext, interaction: { uid: string }): string };
        findAccount?(ctx: KoaContext, id: string): Promise<Account | undefined>;
        loadExistingGrant?(ctx: KoaContext): Promise<Grant | undefined>;
      },
    );
    use(middleware: (ctx: KoaContext, next: () => Promise<void>) => Promise<void>): void;
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<{ uid: string; prompt: { name: string } }>;
    interactionFinished(
      req: IncomingMessage,
      res: ServerResponse,
      result: Record<string, unknown>,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<void>;
  }
}
