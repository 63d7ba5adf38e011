/**
 * Filters that would let a fabrikam viewer see more accounts if they were ORed with, or applied instead of, the
 * row-level-security rule: row-level-security.test.ts sends them through every data route, and the engine
 * conformance suite runs them on DuckDB and ClickHouse.
 */
const ALL = ['contoso_emea', 'contoso_us', 'fabrikam', 'northwind', 'tailspin'];
export const DATABASE_NAME = { table: 'Accounts', column: 'Database name' };
const BASIC = 'http://powerbi.com/product/schema#basic';
const ADVANCED = 'http://powerbi.com/product/schema#advanced';

export const WIDENING: Readonly<Record<string, unknown>> = {
  'In every account': { $schema: BASIC, target: DATABASE_NAME, operator: 'In', values: ALL, filterType: 1 },
  'NotIn nothing': { $schema: BASIC, target: DATABASE_NAME, operator: 'NotIn', values: [], filterType: 1 },
  'NotIn fabrikam': {
    $schema: BASIC,
    target: DATABASE_NAME,
    operator: 'NotIn',
    values: ['fabrikam'],
    filterType: 1,
  },
  All: { $schema: BASIC, target: DATABASE_NAME, operator: 'All', values: [], filterType: 1 },
  'Or with IsNotBlank': {
    $schema: ADVANCED,
    target: DATABASE_NAME,
    logicalOperator: 'Or',
    conditions: [
      { operator: 'Is', value: 'contoso_us' },
      { operator: 'IsNotBlank', value: '' },
    ],
    filterType: 0,
  },
  'Or IsBlank': {
    $schema: ADVANCED,
    target: DATABASE_NAME,
    logicalOperator: 'Or',
    conditions: [
      { operator: 'IsBlank', value: '' },
      { operator: 'DoesNotContain', value: 'fabrikam' },
    ],
    filterType: 0,
  },
  'Contains an SQL fragment': {
    $schema: ADVANCED,
    target: DATABASE_NAME,
    logicalOperator: 'And',
    conditions: [{ operator: 'Contains', value: "') OR 1=1 OR ('" }],
    filterType: 0,
  },
  'a top 5 by total pages': {
    $schema: 'http://powerbi.com/product/schema#topN',
    target: DATABASE_NAME,
    operator: 'Top',
    itemCount: 5,
    orderBy: { table: 'Meter readings', measure: 'Total pages' },
    filterType: 5,
  },
  'a tuple of other accounts': {
    $schema: 'http://powerbi.com/product/schema#tuple',
    target: [DATABASE_NAME],
    operator: 'In',
    values: [[{ value: 'contoso_us' }], [{ value: 'northwind' }]],
    filterType: 6,
  },
};
