import { describe, expect, it } from 'vitest';
import { brandNames, brandOfCategory, categoryLabel, eventCategories } from './brands';

describe('categoryLabel', () => {
  it("reads each of the form's categories as its brand's name", () => {
    expect(categoryLabel('Next Level Events')).toBe('Next Level');
    expect(categoryLabel('AyYo Events')).toBe('AY-YO');
    expect(categoryLabel('KXP Events')).toBe('KXP');
    for (const category of eventCategories) expect(categoryLabel(category)).toBe(brandNames[brandOfCategory[category]]);
  });

  it('keeps any other category as stored', () => {
    expect(categoryLabel('Festival')).toBe('Festival');
    expect(categoryLabel('')).toBe('');
  });
});
