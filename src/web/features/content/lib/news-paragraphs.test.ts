import { describe, expect, it } from 'vitest';
import { newsParagraphs } from './news-paragraphs';

describe('newsParagraphs', () => {
  it('splits the text on blank lines and trims each paragraph', () => {
    expect(newsParagraphs('Primeiro parágrafo.\n\n  Segundo,\ncom quebra.  \r\n\r\nTerceiro.\n\n\n', 'Prévia')).toEqual([
      'Primeiro parágrafo.',
      'Segundo,\ncom quebra.',
      'Terceiro.',
    ]);
  });

  it('falls back to the preview when there is no text', () => {
    expect(newsParagraphs(null, 'Prévia da notícia')).toEqual(['Prévia da notícia']);
    expect(newsParagraphs(' \n\n ', 'Prévia da notícia')).toEqual(['Prévia da notícia']);
  });
});
