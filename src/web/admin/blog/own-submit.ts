import type { FormEvent } from 'react';

/**
 * A form's submit handler that ignores the submits of forms drawn inside it: the rich-text
 * editor's dialogs (link, image, product card) are forms of their own within the editor, and React
 * bubbles their submit events up to the page's form, which would save the post.
 */
export function ownSubmit(handler: (event: FormEvent<HTMLFormElement>) => unknown) {
  return (event: FormEvent<HTMLFormElement>) => {
    if (event.target !== event.currentTarget) return;
    void handler(event);
  };
}
