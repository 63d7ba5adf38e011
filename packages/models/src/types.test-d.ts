/**
 * Type tests, checked by `tsc` (they have no runtime part): the public types catch mistakes at compile time.
 */
import { expectTypeOf } from 'vitest';
import {
  BasicFilter,
  FilterType,
  isColumn,
  isIExtensions,
  TokenType,
  ViewMode,
  Permissions,
  validateReportLoad,
  VisualSelector,
  type Extensions,
  type IBasicFilter,
  type IError,
  type IExtensions,
  type EventHooks,
  type IEventHooks,
  type IQuickCreateConfiguration,
  type IReportCreateConfiguration,
  type IReportEmbedConfiguration,
  type IReportLoadConfiguration,
  type ITarget,
  type IVisualSelector,
  type Validator,
} from './index.ts';

const target = { table: 'Store', column: 'Chain' };

// Validators take anything and answer undefined or errors with a message.
expectTypeOf(validateReportLoad).toEqualTypeOf<Validator>();
expectTypeOf(validateReportLoad).returns.toEqualTypeOf<IError[] | undefined>();
expectTypeOf<IError>().toHaveProperty('message').toEqualTypeOf<string>();

// Filter and selector classes serialise to their wire interfaces.
expectTypeOf(new BasicFilter(target, 'In', 1).toJSON()).toEqualTypeOf<IBasicFilter>();
expectTypeOf(new VisualSelector('v').toJSON()).toEqualTypeOf<IVisualSelector>();
// @ts-expect-error 'Equals' is not a basic filter operator
new BasicFilter(target, 'Equals', 1);

// Enums are nominal but accept their members; required configuration fields are required.
expectTypeOf(FilterType.Basic).toExtend<FilterType>();
expectTypeOf({ accessToken: 't', id: 'r', tokenType: TokenType.Embed }).toExtend<IReportLoadConfiguration>();
expectTypeOf({ id: 'r' }).not.toExtend<IReportLoadConfiguration>();

// Guards narrow.
declare const anyTarget: ITarget;
if (isColumn(anyTarget)) expectTypeOf(anyTarget.column).toEqualTypeOf<string>();
declare const extensions: Extensions;
if (isIExtensions(extensions)) expectTypeOf(extensions).toEqualTypeOf<IExtensions>();

// Event hooks ride on the load and create configurations (powerbi-models 2.x) and stay functions.
const hooks = {
  accessTokenProvider: async () => 'token',
  applicationContextProvider: () => ({ context: 1 }),
};
expectTypeOf(hooks).toExtend<IEventHooks>();
expectTypeOf<EventHooks>().toEqualTypeOf<IEventHooks>();
expectTypeOf({ accessToken: 't', id: 'r', eventHooks: hooks }).toExtend<IReportLoadConfiguration>();
expectTypeOf({ eventHooks: hooks }).toExtend<IReportEmbedConfiguration>();
// A hook may be written for the embed type the host SDK passes as `report`.
expectTypeOf({ accessTokenProvider: (request: { report: { id: string } }) => request.report.id }).toExtend<
  IEventHooks<{ id: string }>
>();
// @ts-expect-error a hook is a function, not a value
expectTypeOf({ accessTokenProvider: 'token' }).toExtend<IEventHooks>();
// Create configurations may name their unique id, like every other embed.
expectTypeOf({ datasetId: 'ds', uniqueId: 'u1', eventHooks: hooks }).toExtend<IReportCreateConfiguration>();
expectTypeOf({
  datasetCreateConfig: { locale: 'en-US', mashupDocument: 'let …' },
  uniqueId: 'u1',
}).toExtend<IQuickCreateConfiguration>();

// The enums are built at run time but typed as enums, as powerbi-models' are.
export const edit: ViewMode.Edit = ViewMode.Edit;
expectTypeOf<ViewMode.Edit>().toMatchTypeOf<ViewMode>();
expectTypeOf(ViewMode[1]).toEqualTypeOf<string | undefined>(); // a reverse look-up, as for a real enum
expectTypeOf(Permissions.All).toMatchTypeOf<Permissions>();
// @ts-expect-error a number that is no member is not a ViewMode
export const notAMode: ViewMode = 5;
