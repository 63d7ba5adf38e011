import { createSlice } from '@reduxjs/toolkit';
import { addLoadMatchers } from '../../lib/load-state';
import type { LoadState } from '../../lib/load-state';
import { reportsApi } from './api';
import type { ReportNode } from './model';

export interface ReportsState extends LoadState {
  reportNodes: ReportNode[];
}

export const initialReportsState: ReportsState = { isLoading: false, error: null, reportNodes: [] };

/** The spec's reports state (§3): the report catalog as a flat node list. */
export const reportsSlice = createSlice({
  name: 'reports',
  initialState: initialReportsState,
  reducers: {
    reportsReset: () => initialReportsState,
  },
  extraReducers: (builder) => {
    addLoadMatchers(builder, reportsApi.endpoints.getReportNodes, (state, nodes) => {
      state.reportNodes = nodes;
    });
  },
});

export const { reportsReset } = reportsSlice.actions;

export const selectReports = (state: { reports: ReportsState }): ReportsState => state.reports;
