/** Where the UMD add-on registers `extras.ts` for the core's stand-ins (`umd-slot.ts`): a registered symbol, so no global name and no public member. */
export const EXTRAS = Symbol.for('@portico/embed extras');
