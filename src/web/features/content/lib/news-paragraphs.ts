/**
 * The paragraphs of a news text: blocks separated by blank lines, trimmed, empty ones dropped.
 * A news item without content (docs/rules/content.md 'News': content is optional) shows its preview.
 */
export function newsParagraphs(content: string | null, preview: string): string[] {
  const paragraphs = (content ?? '')
    .split(/\r?\n\s*\r?\n/)
    .map((block) => block.trim())
    .filter(Boolean);
  return paragraphs.length > 0 ? paragraphs : [preview];
}
