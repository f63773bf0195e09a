// The account's security in the settings (docs/identity.md "Sessions"): re-authentication before a security
// change (POST auth/reauthenticate), and the identity providers linked to the account (GET auth/identities, DELETE
// auth/identities/{id}). The second factor's calls are in secondFactor.ts, the password change in auth.ts; all of
// them need a session that re-authenticated within 5 minutes (auth/reauthentication.ts). Nothing here logs a password.
import type { AppContext } from '../context';
import type { OperationHandlers } from '../http/handlerTypes';
import { HttpError, badRequest, notFound } from '../http/errors';
import { AUTH_ERRORS } from '../auth/errorCodes';
import { requireCaller } from '../auth/caller';
import { assertOwnPassword, requireRecentReauthentication, tellSecurityChange } from '../auth/reauthentication';
import { markReauthenticated } from '../auth/sessions';
import { consumeActionTokenOf } from '../auth/actionTokens';
import { listUserIdentities, unlinkIdentity } from '../services/identities';

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

export function accountSecurityHandlers(context: AppContext) {
  const { config, database } = context;
  const providerName = (id: string) => config.oidc.providers.find((provider) => provider.id === id)?.name ?? id;

  return {
    async reauthenticate(request, reply) {
      const caller = await requireCaller(database, request);
      // Only a session can be re-authenticated (every token the server issues names one).
      const sessionId = request.auth?.sessionId;
      if (!sessionId) throw new HttpError(401, AUTH_ERRORS.invalidToken, 'The session is no longer valid');
      const { password, providerProof } = request.body;
      if ((password === undefined) === (providerProof === undefined)) {
        throw badRequest('VALIDATION_ERROR', "Give either the password or a provider's proof, not both");
      }
      if (providerProof !== undefined) {
        // A fresh sign-in at a provider (routes/oidc.ts, intent=reauth): used up only when it is this account's, so
        // another account's proof is refused and stays as it was.
        if (!(await consumeActionTokenOf(database, providerProof, 'provider-reauth', caller.id))) {
          throw new HttpError(401, AUTH_ERRORS.reauthProofInvalid, "The confirmation at the identity provider is used, expired or not this account's");
        }
      } else {
        await assertOwnPassword(context, request, reply, caller, password!, 401);
      }
      await markReauthenticated(database, sessionId);
      reply.code(204).send();
    },

    async listMyIdentities(request) {
      const caller = await requireCaller(database, request);
      const rows = await listUserIdentities(database, caller.id);
      return {
        passwordSet: caller.password_hash !== null,
        identities: rows.map((row) => ({
          id: row.id,
          provider: row.provider,
          providerName: providerName(row.provider),
          email: row.email,
          linkedAt: iso(row.created_at)!,
          lastSignInAt: iso(row.last_sign_in_at),
        })),
      };
    },

    async unlinkIdentity(request, reply) {
      const caller = await requireCaller(database, request);
      await requireRecentReauthentication(database, request);
      const outcome = await unlinkIdentity(database, caller, request.params.id, request.auth?.sessionId);
      if (outcome.status === 'not-found') throw notFound('NOT_FOUND', 'No such identity provider linked to your account');
      if (outcome.status === 'last-sign-in-method') {
        throw new HttpError(409, AUTH_ERRORS.lastSignInMethod, 'This provider is the only way to sign in: set a password first ("forgot password")');
      }
      tellSecurityChange(context, caller, 'provider-unlinked', providerName(outcome.provider));
      reply.code(204).send();
    },
  } satisfies Partial<OperationHandlers>;
}
