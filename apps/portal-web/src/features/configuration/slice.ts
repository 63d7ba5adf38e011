import { createSlice } from '@reduxjs/toolkit';
import type { PayloadAction } from '@reduxjs/toolkit';
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

/** The spec's configuration state (§3) and its load's begin, success and error (§4). */
export const configurationSlice = createSlice({
  name: 'configuration',
  initialState: initialConfigurationState,
  reducers: {
    configurationLoadStarted(state) {
      state.isLoading = true;
      state.error = null;
    },
    configurationLoaded: (_state, { payload }: PayloadAction<ClientConfiguration>) => ({
      ...payload,
      isLoading: false,
      error: null,
    }),
    configurationLoadFailed(state, { payload }: PayloadAction<string>) {
      state.isLoading = false;
      state.error = payload;
    },
  },
});

export const { configurationLoadStarted, configurationLoaded, configurationLoadFailed } =
  configurationSlice.actions;

interface WithConfiguration {
  configuration: ConfigurationState;
}

export const selectConfiguration = (state: WithConfiguration): ConfigurationState => state.configuration;
export const selectHasClientId = (state: WithConfiguration): boolean => state.configuration.clientId !== '';
