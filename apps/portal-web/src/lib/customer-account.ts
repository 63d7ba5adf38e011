/** A customer account (spec §3). */
export interface CustomerAccount {
  databaseName: string;
  accountName: string;
  customerName: string;
}

/**
 * What a person reads for an account: its name, with the customer's when that says more (issue 17: names, never
 * the internal database name, which spec §2's 'customerName (databaseName)' showed).
 *
 * @example customerLabel({ databaseName: 'contoso_emea', accountName: 'Contoso EMEA', customerName: 'Contoso Ltd' })
 * // 'Contoso EMEA (Contoso Ltd)'; { accountName: 'Northwind', customerName: 'northwind' } → 'Northwind'
 */
export function customerLabel({ accountName, customerName, databaseName }: CustomerAccount): string {
  const name = accountName.trim() === '' ? databaseName : accountName.trim();
  const customer = customerName.trim();
  return customer !== '' && customer.toLowerCase() !== name.toLowerCase() && customer !== databaseName
    ? `${name} (${customer})`
    : name;
}
