// Types of what the tests import from supervisor.mjs.
export declare const RESTART_POLICY: {
  readonly firstDelayMs: number;
  readonly maxDelayMs: number;
  readonly resetAfterMs: number;
};
export declare function restartDelay(
  previousDelayMs: number | undefined,
  ranForMs: number,
  policy?: typeof RESTART_POLICY,
): number;
