import { describe, expect, it } from 'vitest';
import { questionTakesFocus } from './question-focus';

describe('questionTakesFocus', () => {
  it('takes the focus from a button or the page', () => {
    expect(questionTakesFocus({ focusInTextEntry: false, lastTypedAt: 5_000, runStartedAt: 1_000 })).toBe(true);
  });

  it('takes the focus from the field the run was started from with Ctrl+Enter (nothing typed since)', () => {
    expect(questionTakesFocus({ focusInTextEntry: true, lastTypedAt: 900, runStartedAt: 1_000 })).toBe(true);
    expect(questionTakesFocus({ focusInTextEntry: true, lastTypedAt: 0, runStartedAt: 1_000 })).toBe(true);
  });

  it('leaves the focus where the person has typed since the run started', () => {
    expect(questionTakesFocus({ focusInTextEntry: true, lastTypedAt: 1_200, runStartedAt: 1_000 })).toBe(false);
  });
});
