// Users calls with the permissions of docs/permissions-and-credits.md, the GDPR self-service and the credit ledger.
//   registerMember     anyone                      registerCorporate   admin, or corporate (own company)
//   getCurrentUser     signed in, about themself   listUsers           admin
//   getUser(ByUid)     the user themself, admin    updateUser          the user themself (safe fields), admin
//   updateOwnCampaign  signed in, about themself   patchUser/deleteUser admin (not on their own roles / account)
//   exportMyData, deleteMyAccount, listCreditLedger: signed in, about themself
// Roles, credits and plan change only through patchUser (admin) and payments, never through a profile edit.
// The account's address cannot be changed (no call changes users.email).
// While ADMIN_MFA=required an admin acts as one only in a session opened with a second factor (else 403
// SECOND_FACTOR_REQUIRED where only an admin may act), and a change of roles ends every session of the person, so the
// new roles (and the second factor an admin needs) take effect at the next sign-in.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import type { OperationHandlers } from '../http/handlerTypes';
import { HttpError, forbidden, notFound } from '../http/errors';
import { AUTH_ERRORS } from '../auth/errorCodes';
import { actsAsAdmin, assertAdminSecondFactor, isAdmin, requireAdmin, requireCaller } from '../auth/caller';
import { assertAcceptablePassword, clientAddress, passwordMatches, rateLimited } from '../auth/identity';
import { hashPassword } from '../auth/passwords';
import { clearRefreshCookie, revokeUserSessions } from '../auth/sessions';
import { ACTION_TOKEN_TTL_MINUTES, createActionToken } from '../auth/actionTokens';
import {
  accountExistsMail,
  corporateAccountExistsMail,
  corporateInvitationMail,
  signInLink,
  verifyEmailLink,
  verifyEmailMail,
  type MailContent,
} from '../email/templates';
import {
  adjustCredits,
  claimForm,
  countOwnForms,
  deleteAccount,
  exportAccount,
  findUserByEmail,
  findUserById,
  hasRole,
  insertUser,
  linkFormsByEmail,
  listLedger,
  searchUsers,
  toUser,
  unclaimedFormExists,
  updateAccount,
  type UserRow,
} from '../services/users';
import { statisticsChangedHere } from '../services/statisticsSettings';
import { listOutbox } from '../services/emailOutbox';
import { recordAudit } from '../services/audit';
import type { AuditAction } from '../../domain/auditActions';

/**
 * A registration (member, or corporate user created by an admin or a colleague) answers after at least this
 * long, for a new address and for a registered one alike (the account row, the form claim and the
 * verification token of a new address hide inside it).
 */
export const REGISTRATION_ANSWER_MS = 400;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function usersHandlers(context: AppContext) {
  const { config, database, mailer, throttles } = context;

  /**
   * E-mails a verification link (for a corporate user created by someone else, as an invitation); once
   * followed, forms answered with the address join the account.
   */
  async function sendVerification(user: UserRow, invited = false) {
    const token = await createActionToken(database, user.id, 'verify-email');
    const link = verifyEmailLink(config.publicUrl, token);
    const hours = ACTION_TOKEN_TTL_MINUTES['verify-email'] / 60;
    mailer.deliverLater({
      to: user.email,
      purpose: invited ? 'corporate-invitation' : 'verify-email',
      ...(invited ? corporateInvitationMail(user.language, link, hours) : verifyEmailMail(user.language, link, hours)),
    });
  }

  /**
   * No account enumeration: a registration with a registered address answers like any other, and the owner
   * of the address learns by e-mail what happened, at most twice an hour per account (member and corporate
   * registrations together), never when the account is disabled.
   */
  async function tellOwner(existing: UserRow, purpose: string, content: (language: string, link: string) => MailContent) {
    const withinLimit = (await throttles.registeredNoticePerAccount.hit(existing.email)) === 0;
    if (withinLimit && !existing.disabled) {
      mailer.deliverLater({ to: existing.email, purpose, ...content(existing.language, signInLink(config.publicUrl)) });
    }
  }

  /** Answers a registration, whatever happened, after REGISTRATION_ANSWER_MS from its start. */
  async function accepted(reply: FastifyReply, started: number) {
    await sleep(Math.max(0, started + REGISTRATION_ANSWER_MS - Date.now()));
    reply.code(202);
    return { status: 'accepted' as const };
  }

  /** The caller may read or edit the account `id`: it is their own, or they are an admin. */
  async function callerFor(request: FastifyRequest, id: string): Promise<UserRow> {
    const caller = await requireCaller(database, request);
    if (caller.id !== id) {
      if (!isAdmin(caller)) throw forbidden('FORBIDDEN', 'You may only see or change your own account');
      assertAdminSecondFactor(request);
    }
    return caller;
  }

  async function existingUser(id: string): Promise<UserRow> {
    const user = await findUserById(database, id);
    if (!user) throw notFound('NOT_FOUND', 'No such user');
    return user;
  }

  return {
    async registerMember(request, reply) {
      const started = Date.now();
      const { email, password, formId, language } = request.body;
      const wait = await throttles.registerPerAddress.hit(clientAddress(request));
      if (wait > 0) rateLimited(reply, wait);
      assertAcceptablePassword(password, email);
      // The questionnaire's id is the capability of its anonymous author: an unknown or claimed one is a 404
      // whatever the address, before anything is created.
      if (formId && !(await unclaimedFormExists(database, formId))) {
        throw notFound('NOT_FOUND', 'The questionnaire does not exist or already belongs to an account');
      }
      // Both branches hash the password and answer after the same time, with the same body.
      const passwordHash = await hashPassword(password);
      const existing = await findUserByEmail(database, email);
      if (existing) {
        await tellOwner(existing, 'account-exists', accountExistsMail);
      } else {
        const user = await database.transaction(async (tx) => {
          const created = await insertUser(tx, { email, passwordHash, roles: ['member'], language, noiseSecret: config.secrets.perturbationSecret });
          // Registered meanwhile by a concurrent request: that one tells the owner.
          if (!created) return null;
          if (formId && !(await claimForm(tx, created.id, formId))) {
            throw notFound('NOT_FOUND', 'The questionnaire does not exist or already belongs to an account');
          }
          return created;
        });
        if (user) await sendVerification(user);
      }
      return accepted(reply, started);
    },

    async registerCorporate(request, reply) {
      const started = Date.now();
      const caller = await requireCaller(database, request);
      const admin = actsAsAdmin(request, caller);
      if (!admin && !hasRole(caller, 'corporate')) {
        if (isAdmin(caller)) assertAdminSecondFactor(request);
        throw forbidden('FORBIDDEN', 'Only administrators and corporate users create corporate users');
      }
      // Throttled like member registration, per client address.
      const wait = await throttles.registerPerAddress.hit(clientAddress(request));
      if (wait > 0) rateLimited(reply, wait);
      const { email, password, corporateInfo, language } = request.body;
      assertAcceptablePassword(password, email);
      // Like member registration: the same answer after the same time for a new and a registered address
      // (the caller is signed in, but a corporate user must not learn who else has an account). A new
      // address gets the account and an invitation to confirm itself; a registered one is left unchanged
      // and its owner is told by e-mail. The caller finds the new colleague through them (and an admin in
      // the users list, which shows every account anyway).
      const passwordHash = await hashPassword(password);
      const existing = await findUserByEmail(database, email);
      if (existing) {
        await tellOwner(existing, 'corporate-account-exists', corporateAccountExistsMail);
        return accepted(reply, started);
      }
      const created = await insertUser(database, {
        email,
        passwordHash,
        roles: ['corporate'],
        language,
        noiseSecret: config.secrets.perturbationSecret,
        // A corporate user adds colleagues: same company (its name from the caller's account), same company
        // plan. An admin starts a new company.
        ...(admin
          ? { corporateInfo, companyId: 'self' as const }
          : {
              corporateInfo: { ...corporateInfo, companyName: caller.corporate_info?.companyName ?? corporateInfo.companyName },
              companyId: caller.company_id ?? caller.id,
              premiumType: caller.premium_type === 'corporate' ? ('corporate' as const) : ('free' as const),
            }),
      });
      // Registered meanwhile by a concurrent request: that one tells the owner.
      if (created) await sendVerification(created, true);
      return accepted(reply, started);
    },

    async getCurrentUser(request) {
      return toUser(await requireCaller(database, request));
    },

    async listUsers(request) {
      await requireAdmin(database, request);
      const page = request.query.page ?? 1;
      const limit = request.query.limit ?? 10;
      const { rows, total } = await searchUsers(database, { query: request.query.query, role: request.query.role, page, limit });
      return { items: rows.map(toUser), page, limit, total };
    },

    async getUserByUid(request) {
      // With the built-in identity provider the uid is the user id.
      await callerFor(request, request.params.uid);
      return toUser(await existingUser(request.params.uid));
    },

    async getUser(request) {
      await callerFor(request, request.params.id);
      return toUser(await existingUser(request.params.id));
    },

    async updateUser(request) {
      const caller = await callerFor(request, request.params.id);
      const target = await existingUser(request.params.id);
      const { language, corporateInfo, campaignId } = request.body;
      const admin = actsAsAdmin(request, caller);
      if (corporateInfo !== undefined && !admin && !hasRole(target, 'corporate')) {
        throw forbidden('FORBIDDEN', 'Company details belong to corporate accounts');
      }
      // An admin's edit of another person's account is recorded (the fields it changed, before and after).
      const audited = admin && caller.id !== target.id;
      const updated = await database.transaction(async (tx) => {
        const row = await updateAccount(tx, target.id, { language, corporateInfo, campaignId });
        if (!row) throw notFound('NOT_FOUND', 'No such user');
        if (audited) {
          const before: Record<string, unknown> = {};
          const after: Record<string, unknown> = {};
          const fields = [
            ['language', target.language, row.language],
            ['corporateInfo', target.corporate_info, row.corporate_info],
            ['campaignId', target.campaign_id, row.campaign_id],
          ] as const;
          for (const [field, was, is] of fields) {
            if (JSON.stringify(was) === JSON.stringify(is)) continue;
            before[field] = was;
            after[field] = is;
          }
          if (Object.keys(after).length > 0) await recordAudit(tx, caller, { action: 'user.update', targetType: 'user', targetId: target.id, before, after });
        }
        return row;
      });
      return toUser(updated);
    },

    async updateOwnCampaign(request) {
      const caller = await requireCaller(database, request);
      const updated = await updateAccount(database, caller.id, { campaignId: request.body.campaignId });
      if (!updated) throw notFound('NOT_FOUND', 'No such user');
      return toUser(updated);
    },

    async patchUser(request) {
      const admin = await requireAdmin(database, request);
      const target = await existingUser(request.params.id);
      const { role, premiumType, emailVerified, creditsDelta, reason } = request.body;
      if ((creditsDelta === undefined) !== (reason === undefined)) {
        throw new HttpError(400, 'VALIDATION_ERROR', 'creditsDelta and reason go together', ['body.reason: is required with creditsDelta, and only with it']);
      }
      if (role && target.id === admin.id) throw forbidden('FORBIDDEN', 'Administrators cannot change their own roles');
      const updated = await database.transaction(async (tx) => {
        const audit = (action: AuditAction, before: unknown, after: unknown) =>
          recordAudit(tx, admin, { action, targetType: 'user', targetId: target.id, before, after });
        if (creditsDelta !== undefined && creditsDelta !== 0) {
          const adjustment = await adjustCredits(tx, target.id, creditsDelta, reason ?? '');
          if (adjustment.outcome === 'insufficient') throw new HttpError(409, 'INSUFFICIENT_BALANCE', 'The balance cannot go below 0');
          if (adjustment.outcome === 'no-user') throw notFound('NOT_FOUND', 'No such user');
          await audit('user.credits', { credits: adjustment.balance - creditsDelta }, { credits: adjustment.balance, delta: creditsDelta, reason });
        }
        const row = await updateAccount(tx, target.id, { roles: role, premiumType, emailVerified });
        if (!row) throw notFound('NOT_FOUND', 'No such user');
        if (emailVerified && !target.email_verified) await linkFormsByEmail(tx, row.id, row.email);
        if (role && JSON.stringify([...target.roles].sort()) !== JSON.stringify([...row.roles].sort())) {
          await audit('user.roles', { roles: target.roles }, { roles: row.roles });
          // Sessions opened under the old roles end (a new admin signs in again, with the second factor
          // ADMIN_MFA may require; a former admin's open pages lose the admin's powers at once).
          await revokeUserSessions(tx, target.id);
        }
        if (premiumType !== undefined && premiumType !== target.premium_type)
          await audit('user.premiumType', { premiumType: target.premium_type }, { premiumType: row.premium_type });
        if (emailVerified !== undefined && emailVerified !== target.email_verified)
          await audit('user.emailVerified', { emailVerified: target.email_verified }, { emailVerified: row.email_verified });
        return row;
      });
      return toUser(updated);
    },

    async deleteUser(request, reply) {
      const admin = await requireAdmin(database, request);
      if (request.params.id === admin.id) throw new HttpError(409, 'CANNOT_DELETE_SELF', 'Delete your own account from your settings');
      const target = await existingUser(request.params.id);
      await database.transaction(async (tx) => {
        const forms = await countOwnForms(tx, target.id);
        // What was deleted, without secrets (no password hash, no company details).
        const before = {
          email: target.email,
          roles: target.roles,
          credits: target.credits,
          premiumType: target.premium_type,
          forms,
          createdAt: target.created_at,
        };
        await deleteAccount(tx, target);
        await recordAudit(tx, admin, { action: 'user.delete', targetType: 'user', targetId: target.id, before, after: null });
      });
      statisticsChangedHere(database);
      reply.code(204).send();
    },

    async exportMyData(request, reply) {
      const caller = await requireCaller(database, request);
      reply.header('cache-control', 'no-store');
      reply.header('content-disposition', 'attachment; filename="paybench-data.json"');
      const exported = await exportAccount(database, caller);
      // A company's payroll read through the export is audited as the report's reads are.
      for (const payroll of exported.payrolls ?? []) {
        await recordAudit(database, caller, {
          action: 'payroll.export',
          targetType: 'payroll',
          targetId: `${caller.company_id ?? caller.id}/${payroll.reportingYear}`,
          after: { scope: 'data-export' },
        });
      }
      return exported;
    },

    async deleteMyAccount(request, reply) {
      const caller = await requireCaller(database, request);
      // Re-authentication: a session left open on a shared computer must not be enough to erase the account.
      // Wrong passwords wait like sign-in failures of this account from this address.
      const pair = `${caller.email}|${clientAddress(request)}`;
      const wait = await throttles.signInPerPair.retryAfter(pair);
      if (wait > 0) rateLimited(reply, wait);
      if (!(await passwordMatches(caller, request.body.password))) {
        await throttles.signInPerPair.fail(pair);
        throw new HttpError(403, AUTH_ERRORS.wrongPassword, 'The password is not correct');
      }
      // Sessions, tokens, forms, searches and ledger go with the account row (foreign keys cascade).
      await database.transaction((tx) => deleteAccount(tx, caller));
      statisticsChangedHere(database);
      clearRefreshCookie(reply, config);
      reply.code(204).send();
    },

    async listCreditLedger(request) {
      const caller = await requireCaller(database, request);
      const page = request.query.page ?? 1;
      const limit = request.query.limit ?? 10;
      const { items, total } = await listLedger(database, caller.id, page, limit);
      return { items, page, limit, total };
    },

    async listOutbox(request) {
      // The outbox is a development aid: in production it does not exist.
      if (config.env === 'production') throw notFound('NOT_FOUND', 'Not found');
      await requireAdmin(database, request);
      const page = request.query.page ?? 1;
      const limit = request.query.limit ?? 10;
      const { items, total } = await listOutbox(database, page, limit);
      return {
        items,
        page,
        limit,
        total,
      };
    },
  } satisfies Partial<OperationHandlers>;
}
