/**
 * Which of a list of filters the dataset cannot apply, and why: the check the frame runs on every filter a host
 * sends before it changes anything. The service runs `parseFilter` again on every query.
 */
import type { Dataset } from '../content-types.ts';
import { modelIndex } from './model-index.ts';
import { parseFilter } from './parse-filter.ts';
import { QueryError } from './query-error.ts';

export interface FilterProblem {
  /** The filter's position in the list. */
  readonly index: number;
  /** What is wrong, naming the field: `Devices.Colour is not a column of the dataset (…)`. */
  readonly message: string;
}

/**
 * The problems of `filters` against `dataset`, in list order; empty when every filter applies.
 *
 * @example filterProblems(dataset, [colourFilter]) // → [{ index: 0, message: 'Devices.Colour is not a column of the dataset (…)' }]
 */
export function filterProblems(
  dataset: Dataset,
  filters: readonly unknown[],
  now: Date = new Date(),
): FilterProblem[] {
  const index = modelIndex(dataset);
  const problems: FilterProblem[] = [];
  filters.forEach((filter, i) => {
    try {
      parseFilter(index, filter, now);
    } catch (error) {
      if (!(error instanceof QueryError)) throw error;
      problems.push({ index: i, message: error.message });
    }
  });
  return problems;
}
