import { createSlice } from '@reduxjs/toolkit';
import { configurationApi } from './api';
import { defaultClientConfiguration } from './client-configuration';
import type { ClientConfiguration } from './client-configuration';

export interface ConfigurationState extends ClientConfiguration {
  isLoading: boolean;
  error: string | null;
}

export const initialConfigurationState: ConfigurationState = {
  ...defaultClientConfiguration,
  isLoading: false,
  error: null,
};

const { getClientConfiguration } = configurationApi.endpoints;

/**
 * The spec's configuration state (§3), kept by listening to the RTK Query endpoint: pending is the
 * load's begin, fulfilled its success, rejected its error (§4).
 */
export const configurationSlice = createSlice({
  name: 'configuration',
  initialState: initialConfigurationState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addMatcher(getClientConfiguration.matchPending, (state) => {
        state.isLoading = true;
        state.error = null;
      })
      .addMatcher(getClientConfiguration.matchFulfilled, (_state, { payload }) => ({
        ...payload,
        isLoading: false,
        error: null,
      }))
      .addMatcher(getClientConfiguration.matchRejected, (state, action) => {
        // RTK Query also "rejects" a request it skipped because one is already running or cached.
        if (action.meta.condition) return;
        state.isLoading = false;
        state.error = action.payload?.message ?? action.error.message ?? 'Unknown error';
      });
  },
});

interface WithConfiguration {
  configuration: ConfigurationState;
}

export const selectConfiguration = (state: WithConfiguration): ConfigurationState => state.configuration;
export const selectHasClientId = (state: WithConfiguration): boolean => state.configuration.clientId !== '';
