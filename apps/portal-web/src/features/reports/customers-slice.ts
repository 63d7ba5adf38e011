import { createSlice } from '@reduxjs/toolkit';
import { addLoadMatchers } from '../../lib/load-state';
import type { LoadState } from '../../lib/load-state';
import { reportsApi } from './api';
import type { CustomerAccount } from './model';

export interface CustomersState extends LoadState {
  customerAccounts: CustomerAccount[];
}

export const initialCustomersState: CustomersState = { isLoading: false, error: null, customerAccounts: [] };

/** The spec's customers state (§3): the signed-in user's customer accounts. */
export const customersSlice = createSlice({
  name: 'customers',
  initialState: initialCustomersState,
  reducers: {
    customersReset: () => initialCustomersState,
  },
  extraReducers: (builder) => {
    addLoadMatchers(builder, reportsApi.endpoints.getCustomerAccounts, (state, accounts) => {
      state.customerAccounts = accounts;
    });
  },
});

export const { customersReset } = customersSlice.actions;

export const selectCustomers = (state: { customers: CustomersState }): CustomersState => state.customers;
