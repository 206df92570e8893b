import { Fragment, type ReactNode } from 'react';

const EMAIL_WORD = /(e-mail)/gi;

/**
 * A text with each 'e-mail' kept on one line (a label must never break as 'e-' / 'mail'); the
 * words stay the same for screen readers and searches. Anything but a string is handed back as is.
 */
export function keepEmailTogether(children: ReactNode): ReactNode {
  if (typeof children !== 'string' || !EMAIL_WORD.test(children)) return children;
  EMAIL_WORD.lastIndex = 0;
  return children.split(EMAIL_WORD).map((part, index) =>
    index % 2 === 1 ? (
      <span key={index} className="whitespace-nowrap">
        {part}
      </span>
    ) : (
      <Fragment key={index}>{part}</Fragment>
    ),
  );
}
