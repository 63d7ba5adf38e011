import { describe, expect, it } from 'vitest';
import { encodeBookmarkState } from '@portico/analytics-model';
import { bookmarkStateProblem } from './bookmark-state.ts';

const problemOf = (state: object) => bookmarkStateProblem(encodeBookmarkState(state as never));

describe('a bookmark state the frame can apply', () => {
  it('takes every part in the shape the frame applies', () => {
    expect(
      problemOf({
        version: 1,
        activePage: 'overview',
        reportFilters: [{ $schema: 'x' }],
        pageFilters: { overview: [] },
        visualFilters: { overview: { card: [{}] } },
        hiddenVisuals: { overview: ['card'] },
      }),
    ).toBeUndefined();
  });

  it('names the part that has another shape', () => {
    expect(problemOf({ version: 1, pageFilters: { overview: 5 } })).toBe(
      'its pageFilters.overview must be array',
    );
    expect(problemOf({ version: 1, hiddenVisuals: { overview: [5] } })).toBe(
      'its hiddenVisuals.overview.0 must be string',
    );
  });

  it('refuses text that is not a state string of this service', () => {
    expect(bookmarkStateProblem('not base64 json')).toBe('it is not a state string of this service');
    expect(problemOf({ version: 2 })).toBe('it is not a state string of this service');
  });
});
