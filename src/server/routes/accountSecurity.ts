// Issue 37, the account's security in the settings (docs/identity.md "Sessions"): re-authentication before a security
// change (POST auth/reauthenticate), and the identity providers linked to the account (GET auth/identities, DELETE
// auth/identities/{id}). The second factor's calls are in secondFactor.ts, the password change in auth.ts; all of
// them need a session that re-authenticated within 5 minutes (auth/reauthentication.ts). Nothing here logs a password.
import type { AppContext } from './context';
import type { OperationHandlers } from '../http/handlerTypes';
import { HttpError, badRequest, notFound } from '../http/errors';
import { AUTH_ERRORS } from '../auth/errorCodes';
import { requireCaller } from '../auth/caller';
import { assertOwnPassword, requireRecentReauthentication, tellSecurityChange } from '../auth/reauthentication';
import { markReauthenticated } from '../auth/sessions';
import { consumeActionTokenOf } from '../auth/actionTokens';

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
        throw badRequest('VALIDATION_ERROR', 'Give either the password or a provider\'s proof, not both');
      }
      if (providerProof !== undefined) {
        // A fresh sign-in at a provider (routes/oidc.ts, intent=reauth): used up only when it is this account's, so
        // another account's proof is refused and stays as it was.
        if (!(await consumeActionTokenOf(database, providerProof, 'provider-reauth', caller.id))) {
          throw new HttpError(401, AUTH_ERRORS.reauthProofInvalid, 'The confirmation at the identity provider is used, expired or not this account\'s');
        }
      } else {
        await assertOwnPassword(context, request, reply, caller, password!, 401);
      }
      await markReauthenticated(database, sessionId);
      reply.code(204).send();
    },

    async listMyIdentities(request) {
      const caller = await requireCaller(database, request);
      const rows = await database.execute<{ id: string; provider: string; email: string | null; created_at: Date; last_sign_in_at: Date | null }>(
        'select id, provider, email, created_at, last_sign_in_at from user_identities where user_id = $1 order by created_at, id',
        [caller.id],
      );
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
      const unlinked = await database.transaction(async (tx) => {
        // One unlinking at a time per account: two at once must not both find another way to sign in.
        await tx.execute('select id from users where id = $1 for update', [caller.id]);
        const [identity] = await tx.execute<{ id: string; provider: string }>('select id, provider from user_identities where id = $1 and user_id = $2', [
          request.params.id,
          caller.id,
        ]);
        if (!identity) throw notFound('NOT_FOUND', 'No such identity provider linked to your account');
        const [{ others }] = await tx.execute<{ others: number }>(
          'select count(*)::int as others from user_identities where user_id = $1 and id <> $2 and address_proven',
          [caller.id, identity.id],
        );
        if (caller.password_hash === null && Number(others) === 0) {
          throw new HttpError(409, AUTH_ERRORS.lastSignInMethod, 'This provider is the only way to sign in: set a password first ("forgot password")');
        }
        await tx.execute('delete from user_identities where id = $1', [identity.id]);
        // The sessions this provider opened end with the link (not the caller's own), unless another of the account's
        // identities at the same provider remains.
        const [{ same }] = await tx.execute<{ same: number }>('select count(*)::int as same from user_identities where user_id = $1 and provider = $2', [
          caller.id,
          identity.provider,
        ]);
        if (Number(same) === 0) {
          await tx.execute(
            `update refresh_tokens set revoked_at = now()
              where revoked_at is null and user_id = $1 and family_id <> $3
                and family_id in (select family_id from identity_sessions where user_id = $1 and provider = $2)`,
            [caller.id, identity.provider, request.auth?.sessionId ?? ''],
          );
        }
        return identity;
      });
      tellSecurityChange(context, caller, 'provider-unlinked', providerName(unlinked.provider));
      reply.code(204).send();
    },
  } satisfies Partial<OperationHandlers>;
}
