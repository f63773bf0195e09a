// An admin's reading of one account (users tag, admin only): its credit ledger with the adjustment notes and
// its saved searches, for /admin/users/{id}. Changes to the account go through patchUser / deleteUser
// (routes/users.ts).
import type { AppContext } from '../context';
import type { OperationHandlers } from '../http/handlerTypes';
import { notFound } from '../http/errors';
import { requireAdmin } from '../auth/caller';
import { findUserById } from '../services/users';
import { listLedgerForAdmin, listSearchesForAdmin } from '../services/userActivity';

export function adminUserHandlers({ database }: AppContext) {
  async function existingUserId(id: string): Promise<string> {
    const user = await findUserById(database, id);
    if (!user) throw notFound('NOT_FOUND', 'No such user');
    return user.id;
  }

  return {
    async listUserCreditLedger(request) {
      await requireAdmin(database, request);
      const userId = await existingUserId(request.params.id);
      const page = request.query.page ?? 1;
      const limit = request.query.limit ?? 10;
      const { items, total } = await listLedgerForAdmin(database, userId, page, limit);
      return { items, page, limit, total };
    },

    async listUserSearches(request) {
      await requireAdmin(database, request);
      const userId = await existingUserId(request.params.id);
      return listSearchesForAdmin(database, userId, request.query.page ?? 1, request.query.limit ?? 10);
    },
  } satisfies Partial<OperationHandlers>;
}
