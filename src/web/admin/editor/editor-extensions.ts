import { type Command, type Extensions, mergeAttributes, Node } from '@tiptap/core';
import Image from '@tiptap/extension-image';
import Link from '@tiptap/extension-link';
import { Table, TableKit } from '@tiptap/extension-table';
import { CharacterCount, Placeholder } from '@tiptap/extensions';
import { NodeSelection, Selection, TextSelection } from '@tiptap/pm/state';
import { ReactNodeViewRenderer } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { checkLinkHref, isExternalHref } from './link-rules.ts';
import { ProductCardView } from './product-card-view.tsx';

/**
 * The editor's schema, shaped so that what it writes is already in the server's allow-list
 * (docs/product.md#post-html) and comes back from the sanitiser as it went in: no attribute the
 * server would drop (Tiptap's table widths, link targets on every link), the attributes the
 * server adds written the same way (links to other sites, lazy images).
 */

/** The server's rel for links to other sites (post-html.ts). */
const EXTERNAL_REL = 'noopener noreferrer nofollow';
/** A product card's reference: a product slug or id, as the sanitiser accepts it. */
export const PRODUCT_CARD_REF = /^[a-z0-9-]{1,120}$/;

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    productCard: {
      /** Inserts a product card for the product with this slug (or id) at the selection. */
      insertProductCard: (ref: string) => ReturnType;
    };
  }
}

/**
 * After inserting a block atom (an image, a product card) Tiptap leaves it selected, so the next
 * insert or keystroke would replace it: this puts the cursor in the text after it instead (a new
 * paragraph when nothing follows).
 */
export const cursorAfterSelectedNode: Command = ({ tr, dispatch }) => {
  const { selection } = tr;
  if (!(selection instanceof NodeSelection)) return true;
  const next = Selection.findFrom(tr.doc.resolve(selection.to), 1, true);
  if (dispatch) {
    if (next) tr.setSelection(next);
    else {
      const paragraph = tr.doc.type.schema.nodes.paragraph;
      if (paragraph) {
        tr.insert(selection.to, paragraph.create());
        tr.setSelection(TextSelection.create(tr.doc, selection.to + 1));
      }
    }
  }
  return true;
};

/**
 * An embedded product: `<div data-product-card="slug"></div>`, always empty (the storefront draws
 * the card from the product). In the editor a React view shows the product's picture, name and
 * price. A block atom: the cursor goes around it, never into it; it can be dragged.
 */
export const ProductCard = Node.create({
  name: 'productCard',
  group: 'block',
  atom: true,
  draggable: true,
  selectable: true,

  addAttributes() {
    return {
      ref: {
        default: null,
        parseHTML: (element) => element.getAttribute('data-product-card')?.trim().toLowerCase() || null,
        renderHTML: (attributes) => ({ 'data-product-card': attributes.ref }),
      },
    };
  },

  parseHTML() {
    return [
      {
        tag: 'div[data-product-card]',
        // A card the server would drop (an empty or malformed reference) is not kept either.
        getAttrs: (element) =>
          PRODUCT_CARD_REF.test(element.getAttribute('data-product-card')?.trim().toLowerCase() ?? '') ? null : false,
      },
    ];
  },

  renderHTML({ HTMLAttributes }) {
    return ['div', mergeAttributes(HTMLAttributes)];
  },

  addNodeView() {
    return ReactNodeViewRenderer(ProductCardView);
  },

  addCommands() {
    return {
      insertProductCard:
        (ref) =>
        ({ commands }) =>
          commands.insertContent({ type: this.name, attrs: { ref } }) && commands.command(cursorAfterSelectedNode),
    };
  },
});

/**
 * Links keep `href` and `title` only; `rel` and `target` are written from the href the way the
 * server writes them: other sites open in a new tab without referrer or endorsement, shop paths,
 * mailto and tel links stay plain.
 */
const PostLink = Link.extend({
  addAttributes() {
    return {
      href: { default: null, parseHTML: (element) => element.getAttribute('href') },
      title: { default: null },
    };
  },
  renderHTML({ HTMLAttributes }) {
    const href = String(HTMLAttributes.href ?? '');
    const attributes: Record<string, string> = { href };
    if (HTMLAttributes.title) attributes.title = String(HTMLAttributes.title);
    if (isExternalHref(href)) {
      attributes.rel = EXTERNAL_REL;
      attributes.target = '_blank';
    }
    return ['a', attributes, 0];
  },
});

/** Images as the server writes them: `src`, `alt`, `title`, `width`, `height`, then `loading="lazy"`. */
const PostImage = Image.extend({
  renderHTML({ HTMLAttributes }) {
    return ['img', { ...HTMLAttributes, loading: 'lazy' }];
  },
});

/**
 * A plain `<table><tbody>…` without Tiptap's `<colgroup>` and `style="min-width…"` (the server
 * drops styles; columns are not resized here, the storefront lays the table out).
 */
const PostTable = Table.extend({
  renderHTML({ HTMLAttributes }) {
    return ['table', mergeAttributes(this.options.HTMLAttributes, HTMLAttributes), ['tbody', 0]];
  },
});

export interface EditorExtensionOptions {
  placeholder?: string;
}

export function editorExtensions({ placeholder = 'Start writing…' }: EditorExtensionOptions = {}): Extensions {
  return [
    StarterKit.configure({
      // The page's title is the only h1 (docs/product.md#post-html).
      heading: { levels: [2, 3, 4] },
      link: false,
      codeBlock: { defaultLanguage: null, HTMLAttributes: {} },
    }),
    PostLink.configure({
      openOnClick: false,
      autolink: true,
      linkOnPaste: true,
      defaultProtocol: 'https',
      HTMLAttributes: { target: null, rel: null },
      isAllowedUri: (url) => checkLinkHref(url).ok,
    }),
    PostImage.configure({ inline: false, allowBase64: false }),
    TableKit.configure({ table: false, tableCell: {}, tableHeader: {}, tableRow: {} }),
    PostTable.configure({ resizable: false }),
    ProductCard,
    Placeholder.configure({ placeholder }),
    CharacterCount,
  ];
}
