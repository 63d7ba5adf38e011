import { createSlice } from '@reduxjs/toolkit';
import { addLoadMatchers } from '../../lib/load-state';
import type { LoadState } from '../../lib/load-state';
import { embeddedReportsApi } from './api';
import type { EmbedInfo, EmbedToken, UserReport } from './model';

export interface EmbedInfoState extends LoadState {
  embedPbiInfo: { type: string };
  embedReport: EmbedInfo['embedReport'];
  embedToken: EmbedToken;
}

export const initialEmbedInfoState: EmbedInfoState = {
  isLoading: false,
  error: null,
  embedPbiInfo: { type: 'report' },
  embedReport: [],
  embedToken: { token: '', tokenId: '', expiration: '' },
};

/** The spec's embedInfo state (§3): the embed URL and token of the report on screen. */
export const embedInfoSlice = createSlice({
  name: 'embedInfo',
  initialState: initialEmbedInfoState,
  reducers: {
    embedInfoReset: () => initialEmbedInfoState,
  },
  extraReducers: (builder) => {
    addLoadMatchers(builder, embeddedReportsApi.endpoints.getEmbedInfo, (state, info) => {
      state.embedReport = info.embedReport;
      state.embedToken = info.embedToken;
    });
  },
});

export interface PbiReportsForUsersState extends LoadState {
  userReports: UserReport[];
}

export const initialPbiReportsState: PbiReportsForUsersState = {
  isLoading: false,
  error: null,
  userReports: [],
};

/** The spec's pbiReportsForUsers state (§3): the embedded reports the user may open. */
export const pbiReportsForUsersSlice = createSlice({
  name: 'pbiReportsForUsers',
  initialState: initialPbiReportsState,
  reducers: {},
  extraReducers: (builder) => {
    addLoadMatchers(builder, embeddedReportsApi.endpoints.getUserReports, (state, reports) => {
      state.userReports = reports;
    });
  },
});

export const { embedInfoReset } = embedInfoSlice.actions;

export const selectEmbedInfo = (state: { embedInfo: EmbedInfoState }): EmbedInfoState => state.embedInfo;
export const selectPbiReportsForUsers = (state: {
  pbiReportsForUsers: PbiReportsForUsersState;
}): PbiReportsForUsersState => state.pbiReportsForUsers;
