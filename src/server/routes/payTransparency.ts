// Pay transparency (services/payTransparency.ts, services/jobAdRanges.ts, docs/pay-transparency.md). Every
// operation: corporate users only, on their own company's payroll and job-ad ranges (403 for members and admins, 401
// for anonymous callers; another company's are simply not theirs to name). Uploads, deletions, reads of the report and
// its exports, and gap actions are audited with the year and headcount only, never a pay figure. Job-ad ranges come
// from the published statistics, never from a payroll, and are billed as a comparison is.
import type { FastifyReply } from 'fastify';
import type { AppContext } from '../context';
import type { OperationHandlers } from '../http/handlerTypes';
import { HttpError, badRequest, notFound } from '../http/errors';
import { requireCorporate } from '../auth/caller';
import { recordAudit } from '../services/audit';
import { complianceCalendar, deletePayroll, listPayrolls, payGapReportOf, replacePayroll, saveGapAction } from '../services/payTransparency';
import { deleteJobAdRange, jobAdRangeService, listJobAdRanges } from '../services/jobAdRanges';
import { PAYROLL_MAX_ERRORS, parsePayrollCsv, payrollTemplate } from '../../domain/payrollCsv';
import { payGapCsv } from '../../domain/payGapCsv';
import { serverTexts } from '../email/i18n';
import {
  bandPolicyOf,
  createJobRole,
  deleteJobRole,
  editSalaryBand,
  jobRoleNames,
  listJobRoles,
  salaryBandService,
  saveBandPolicy,
  updateJobRole,
} from '../services/salaryBands';
import { salaryBandsCsv } from '../../domain/salaryBands';

/** A 50,000-row payroll is about 4 MB; twice that leaves room for long role names and quoting. */
const MAX_PAYROLL_BYTES = 8 * 1024 * 1024;

const NO_PAYROLL = () => notFound('PAYROLL_NOT_FOUND', 'No payroll of that year');

const reportText = serverTexts((all) => ({ pay_gap_csv: all.pay_gap_csv }));
const bandsText = serverTexts((all) => ({ salary_bands_csv: all.salary_bands_csv }));

function sendCsv(reply: FastifyReply, name: string, body: string) {
  reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${name}"`).header('cache-control', 'no-store');
  return reply.send(body);
}

export function payTransparencyHandlers(context: AppContext) {
  const { database } = context;
  const jobAdRanges = jobAdRangeService(context);
  const salaryBands = salaryBandService(context);
  const architecture = (companyId: string, id?: string) => ({ targetType: 'job_architecture' as const, targetId: id ? `${companyId}/${id}` : companyId });
  const NO_ROLE = () => notFound('JOB_ROLE_NOT_FOUND', 'Your company has no such role');
  const target = (companyId: string, year: number) => ({ targetType: 'payroll' as const, targetId: `${companyId}/${year}` });

  return {
    async getPayrollTemplate(request, reply) {
      await requireCorporate(database, request);
      const language = request.query.language ?? 'es';
      return sendCsv(reply, language === 'es' ? 'plantilla-nomina.csv' : 'payroll-template.csv', payrollTemplate(language));
    },

    async listPayrolls(request) {
      const { companyId } = await requireCorporate(database, request);
      return listPayrolls(database, companyId);
    },

    async uploadPayroll(request) {
      const { caller, companyId } = await requireCorporate(database, request);
      const year = request.params.year;
      if (!request.isMultipart()) throw badRequest('PAYROLL_FILE_REQUIRED', 'Send the payroll as multipart/form-data in the field "file"');
      const file = await request.file({ limits: { fileSize: MAX_PAYROLL_BYTES, files: 1, fields: 0, parts: 1 } });
      if (!file || file.fieldname !== 'file') throw badRequest('PAYROLL_FILE_REQUIRED', 'Send the payroll in the field "file"');
      let bytes: Buffer;
      try {
        bytes = await file.toBuffer();
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, 'PAYROLL_TOO_LARGE', 'The file is larger than 8 MB');
        throw error;
      }
      // With a job architecture, each row's role must be one of its names (unknownRole otherwise).
      const roleNames = await jobRoleNames(database, companyId);
      const parsed = parsePayrollCsv(bytes, { today: new Date().toISOString().slice(0, 10), knownRoles: roleNames.length > 0 ? roleNames : undefined });
      if (!parsed.ok) {
        throw new HttpError(400, 'PAYROLL_INVALID', 'The payroll file has problems; nothing was stored', undefined, {
          problems: parsed.errors.slice(0, PAYROLL_MAX_ERRORS),
          moreProblems: parsed.more,
        });
      }
      return database.transaction(async (tx) => {
        const stored = await replacePayroll(tx, companyId, year, caller.id, parsed.rows);
        await recordAudit(tx, caller, { action: 'payroll.upload', ...target(companyId, year), after: { reportingYear: year, headcount: stored.headcount } });
        return stored;
      });
    },

    async deletePayroll(request, reply) {
      const { caller, companyId } = await requireCorporate(database, request);
      const year = request.params.year;
      await database.transaction(async (tx) => {
        if (!(await deletePayroll(tx, companyId, year))) throw NO_PAYROLL();
        await recordAudit(tx, caller, { action: 'payroll.delete', ...target(companyId, year), after: null });
      });
      return reply.code(204).send();
    },

    async getPayGapReport(request) {
      const { caller, companyId } = await requireCorporate(database, request);
      const year = request.params.year;
      const report = await payGapReportOf(database, companyId, year);
      if (!report) throw NO_PAYROLL();
      await recordAudit(database, caller, { action: 'payroll.read', ...target(companyId, year) });
      return report;
    },

    async exportPayGapReport(request, reply) {
      const { caller, companyId } = await requireCorporate(database, request);
      const year = request.params.year;
      const { language = 'es', scope = 'publication' } = request.query;
      const report = await payGapReportOf(database, companyId, year);
      if (!report) throw NO_PAYROLL();
      await recordAudit(database, caller, { action: 'payroll.export', ...target(companyId, year), after: { scope } });
      const csv = payGapCsv(report, { scope, text: (key, values) => reportText(language, `pay_gap_csv.${key}`, values) });
      return sendCsv(reply, `${language === 'es' ? 'brecha-salarial' : 'pay-gap-report'}-${year}.csv`, csv);
    },

    async recordGapAction(request) {
      const { caller, companyId } = await requireCorporate(database, request);
      const year = request.params.year;
      return database.transaction(async (tx) => {
        const saved = await saveGapAction(tx, companyId, year, caller.id, request.body);
        if (!saved) throw notFound('PAYROLL_CATEGORY_NOT_FOUND', 'No payroll of that year with that category');
        await recordAudit(tx, caller, { action: 'payroll.gapAction', ...target(companyId, year), after: { category: saved.category, kind: saved.kind } });
        return saved;
      });
    },

    async getComplianceCalendar(request) {
      const { companyId } = await requireCorporate(database, request);
      return complianceCalendar(database, companyId, new Date().toISOString().slice(0, 10));
    },

    async createJobAdRange(request) {
      const { caller, companyId } = await requireCorporate(database, request);
      return jobAdRanges.createJobAdRange(caller.id, companyId, request.body);
    },

    async listJobAdRanges(request) {
      const { companyId } = await requireCorporate(database, request);
      return listJobAdRanges(database, companyId, request.query.page ?? 1, request.query.limit ?? 10);
    },

    async deleteJobAdRange(request, reply) {
      const { companyId } = await requireCorporate(database, request);
      if (!(await deleteJobAdRange(database, companyId, request.params.id))) throw notFound('JOB_AD_RANGE_NOT_FOUND', 'Your company has no such job-ad range');
      return reply.code(204).send();
    },
    async listJobRoles(request) {
      const { companyId } = await requireCorporate(database, request);
      return listJobRoles(database, companyId);
    },

    async createJobRole(request, reply) {
      const { caller, companyId } = await requireCorporate(database, request);
      const role = await database.transaction(async (tx) => {
        const created = await createJobRole(tx, companyId, request.body);
        await recordAudit(tx, caller, { action: 'jobRole.create', ...architecture(companyId, created.id), after: { name: created.name } });
        return created;
      });
      return reply.code(201).send(role);
    },

    async updateJobRole(request) {
      const { caller, companyId } = await requireCorporate(database, request);
      return database.transaction(async (tx) => {
        const updated = await updateJobRole(tx, companyId, request.params.id, request.body);
        if (!updated) throw NO_ROLE();
        await recordAudit(tx, caller, { action: 'jobRole.update', ...architecture(companyId, updated.id), after: { name: updated.name } });
        return updated;
      });
    },

    async deleteJobRole(request, reply) {
      const { caller, companyId } = await requireCorporate(database, request);
      await database.transaction(async (tx) => {
        if (!(await deleteJobRole(tx, companyId, request.params.id))) throw NO_ROLE();
        await recordAudit(tx, caller, { action: 'jobRole.delete', ...architecture(companyId, request.params.id), after: null });
      });
      return reply.code(204).send();
    },

    async getBandPolicy(request) {
      const { companyId } = await requireCorporate(database, request);
      return bandPolicyOf(database, companyId);
    },

    async putBandPolicy(request) {
      const { caller, companyId } = await requireCorporate(database, request);
      return database.transaction(async (tx) => {
        const saved = await saveBandPolicy(tx, companyId, request.body);
        await recordAudit(tx, caller, { action: 'bandPolicy.update', ...architecture(companyId), after: { ...request.body } });
        return saved;
      });
    },

    async listSalaryBands(request) {
      const { caller, companyId } = await requireCorporate(database, request);
      return salaryBands.list(caller.id, companyId);
    },

    async computeSalaryBands(request) {
      const { caller, companyId } = await requireCorporate(database, request);
      const answer = await salaryBands.compute(caller.id, companyId);
      await recordAudit(database, caller, {
        action: 'salaryBands.compute',
        ...architecture(companyId),
        after: { releaseYear: answer.releaseYear, roles: answer.bands.length },
      });
      return answer;
    },

    async exportSalaryBands(request, reply) {
      const { caller, companyId } = await requireCorporate(database, request);
      const language = request.query.language ?? 'es';
      const { bands } = await salaryBands.list(caller.id, companyId);
      const csv = salaryBandsCsv(
        bands.map((band) => ({ ...band, ...band.role })),
        (key) => bandsText(language, `salary_bands_csv.${key}`),
      );
      return sendCsv(reply, language === 'es' ? 'bandas-salariales.csv' : 'salary-bands.csv', csv);
    },

    async editSalaryBand(request) {
      const { caller, companyId } = await requireCorporate(database, request);
      return database.transaction(async (tx) => {
        const band = await editSalaryBand(tx, companyId, request.params.id, request.body);
        if (!band) throw notFound('SALARY_BAND_NOT_FOUND', 'That role has no computed band');
        await recordAudit(tx, caller, { action: 'salaryBand.edit', ...architecture(companyId, request.params.id), after: { ...request.body } });
        return band;
      });
    },

    async getPayStanding(request) {
      const { caller, companyId } = await requireCorporate(database, request);
      const year = request.params.year;
      const standing = await salaryBands.standing(caller.id, companyId, year);
      if (!standing) throw NO_PAYROLL();
      await recordAudit(database, caller, { action: 'payroll.standing', ...target(companyId, year), after: { headcount: standing.employees.length } });
      return standing;
    },
  } satisfies Partial<OperationHandlers>;
}
