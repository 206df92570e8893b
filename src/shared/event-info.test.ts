import { describe, expect, it } from 'vitest';
import {
  accessibilityResourceLabel,
  accessibilityResources,
  ageRatingAccessibleLabel,
  ageRatingColors,
  ageRatingDescription,
  ageRatingLabel,
  ageRatingOf,
  ageRatings,
  informedAccessibility,
  isAgeRating,
  minorsRule,
  policyLines,
  sortAccessibilityResources,
} from './event-info';

describe('the age ratings (ECA arts. 74-75, Portaria MJSP 502/2021)', () => {
  it('lists the official ratings, youngest first, with their labels', () => {
    expect(ageRatings).toEqual(['L', '10', '12', '14', '16', '18']);
    expect(ageRatings.map(ageRatingLabel)).toEqual(['Livre', '10 anos', '12 anos', '14 anos', '16 anos', '18 anos']);
    expect(ageRatingAccessibleLabel('14')).toBe('Classificação indicativa: 14 anos');
    expect(ageRatingAccessibleLabel('L')).toBe('Classificação indicativa: Livre');
  });

  it('words each rating as the official guide does', () => {
    expect(ageRatingDescription('L')).toBe('Livre para todos os públicos');
    expect(ageRatingDescription('16')).toBe('Não recomendado para menores de 16 anos');
  });

  it('tells a rating from anything else', () => {
    expect(isAgeRating('12')).toBe(true);
    expect(isAgeRating('13')).toBe(false);
    expect(isAgeRating(14)).toBe(false);
    expect(ageRatingOf('18')).toBe('18');
    expect(ageRatingOf('livre')).toBeNull();
    expect(ageRatingOf(null)).toBeNull();
  });

  it('words the minors rule only for an age rating with minors let in accompanied', () => {
    expect(minorsRule('14', true)).toBe('Menores de 14 anos somente acompanhados dos pais ou responsável legal');
    expect(minorsRule('14', false)).toBeNull();
    expect(minorsRule('L', true)).toBeNull();
    expect(minorsRule(null, true)).toBeNull();
  });

  it('gives every rating its badge colours', () => {
    for (const rating of ageRatings) expect(ageRatingColors[rating].background).toMatch(/^#[0-9a-f]{6}$/);
    expect(ageRatingColors.L.background).toBe('#007a3d');
    expect(ageRatingColors['18'].text).toBe('#ffffff');
  });
});

describe('the accessibility resources (Lei 13.146/2015 art. 44)', () => {
  it('labels every resource in pt-BR', () => {
    for (const resource of accessibilityResources) expect(accessibilityResourceLabel[resource].length).toBeGreaterThan(3);
    expect(accessibilityResourceLabel.libras_interpreter).toBe('Intérprete de Libras');
  });

  it("keeps the known resources once each, in the list's order", () => {
    expect(sortAccessibilityResources(['libras_interpreter', 'step_free_access', 'teleport', 'step_free_access'])).toEqual([
      'step_free_access',
      'libras_interpreter',
    ]);
  });

  it('is informed when a resource or a contact is given, null otherwise', () => {
    expect(informedAccessibility(null)).toBeNull();
    expect(informedAccessibility({ resources: [], contact: '  ' })).toBeNull();
    expect(informedAccessibility({ resources: [], contact: ' (47) 99999-0000 ' })).toEqual({ resources: [], contact: '(47) 99999-0000' });
    expect(informedAccessibility({ resources: ['audio_description', 'accessible_restroom'], contact: null })).toEqual({
      resources: ['accessible_restroom', 'audio_description'],
      contact: null,
    });
  });
});

describe('policyLines', () => {
  it('reads one policy per line, trimmed, without blank lines or repeats', () => {
    expect(policyLines('Água potável gratuita\r\n\n  Proibida a entrada com garrafas  \nÁgua potável gratuita\n')).toEqual([
      'Água potável gratuita',
      'Proibida a entrada com garrafas',
    ]);
    expect(policyLines('')).toEqual([]);
  });
});
