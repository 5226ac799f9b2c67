import { ZSalesQuery } from '@servery/contract/back-office';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffOf } from '../../plugins/staff-session.ts';
import type { BackOfficeShopOf } from '../tenants/back-office-shop.ts';
import { ordersCsv, reportCsv } from './reports-csv.ts';
import type { ReportsService } from './reports.service.ts';

/** Sales reports (issue 29 points 1 and 2): owners and managers, for their stores. */
export const reportsRoutes: FastifyPluginAsyncZod<{
  reports: ReportsService;
  shopOf: BackOfficeShopOf;
}> = async (app, { reports, shopOf }) => {
  app.get(
    '/api/admin/reports/sales',
    {
      schema: {
        querystring: ZSalesQuery,
        description:
          'The figures as JSON; with format=csv the same figures as CSV, with format=orders_csv the orders behind them.',
      },
      onRequest: app.requireStaff('reports:read'),
    },
    async (request, reply) => {
      const shop = await shopOf(request);
      const { format } = request.query;
      const { report, orders } = await reports.report(
        staffOf(request),
        shop,
        request.query,
        format === 'orders_csv',
      );
      if (format === 'csv' || format === 'orders_csv') {
        const name = `${format === 'csv' ? 'sales' : 'orders'}-${report.from}-to-${report.to}.csv`;
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${name}"`)
          .send(format === 'csv' ? reportCsv(report) : ordersCsv(orders, shop.timeZone));
      }
      return { status: 200, message: 'Sales.', data: report };
    },
  );
};
