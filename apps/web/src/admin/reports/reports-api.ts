import type { SalesReport } from '@servery/contract/back-office-shapes';
import type { ServiceStore } from '@servery/contract/service';
import { adminApi } from '../admin-api.ts';

export interface ReportRange {
  from: string;
  to: string;
  store_id?: string;
}

const reportsApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    salesReport: build.query<SalesReport, ReportRange>({
      query: (params) => ({ url: '/reports/sales', params }),
      transformResponse: (body: { data: SalesReport }) => body.data,
      providesTags: ['Order'],
    }),
    reportStores: build.query<ServiceStore[], void>({
      query: () => '/stores',
      transformResponse: (body: { data: ServiceStore[] }) => body.data,
    }),
  }),
});

export const { useSalesReportQuery, useReportStoresQuery } = reportsApi;

/** The CSV download of a report (`csv`) or of the orders behind it (`orders_csv`). */
export function reportCsvUrl(range: ReportRange, format: 'csv' | 'orders_csv') {
  const params = new URLSearchParams({ from: range.from, to: range.to, format });
  if (range.store_id) params.set('store_id', range.store_id);
  return `/api/admin/reports/sales?${params}`;
}
